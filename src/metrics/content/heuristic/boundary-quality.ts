import { chunkCuts, CUT_POINTS, type Cut } from './cuts.js';
import { toScore, type ContentFinding, type ContentInput, type MetricDetail } from './input.js';

/**
 * `boundary_quality` with its findings: the mean of the start cut and the end cut,
 * each scored heading section / document edge 100, block or list item 85, sentence
 * (or table row, code line) 60, mid-sentence 25, mid-word 0.
 */
export function boundaryQualityDetails(input: ContentInput): MetricDetail[] {
  return chunkCuts(input.doc, input.chunks).map(({ start, end }) => {
    const findings: ContentFinding[] = [];
    addCut(findings, 'start', start);
    addCut(findings, 'end', end);
    return { score: toScore((CUT_POINTS[start.level] + CUT_POINTS[end.level]) / 2), findings };
  });
}

/** `boundary_quality` of each chunk: (points of the start cut + points of the end cut) / 2, with section 100, block 85, sentence 60, mid-sentence 25, mid-word 0. */
export function boundaryQuality(input: ContentInput): number[] {
  return boundaryQualityDetails(input).map((detail) => detail.score);
}

function addCut(findings: ContentFinding[], side: 'start' | 'end', cut: Cut): void {
  const points = CUT_POINTS[cut.level];
  if (points === 100) return;
  findings.push({
    code: `${side}-${cut.level}`,
    message: `${side === 'start' ? 'starts' : 'ends'} ${cut.where} (${cut.level} cut)`,
    points: (points - 100) / 2,
  });
}
