import type { DocDiff, FileFinding, Report } from '../types.js';
import { codeSpan, escapeInline, escapeMessage } from './escape.js';
import { plural } from './format.js';

/** Rows of the passages table at most; the rest are counted and left to the job summary and the JSON report. */
const ROWS = 30;

/** The `retrieval-regression` findings of a report's files, gating ones first, with their files, in file order. */
function passageFindings(files: readonly DocDiff[]): { file: DocDiff; finding: FileFinding }[] {
  const all = files.flatMap((file) => file.findings.filter((finding) => finding.kind === 'retrieval-regression' && finding.origin !== 'preexisting').map((finding) => ({ file, finding })));
  return [...all.filter((entry) => entry.finding.gating), ...all.filter((entry) => !entry.finding.gating)];
}

/** `12 → 3`, `1 → not found`: a median rank base → head. */
function ranks(finding: FileFinding): string {
  const rank = (value: number | null | undefined) => (value === null || value === undefined ? 'not found' : String(value));
  return `${rank(finding.retrieval?.baseRank)} → ${rank(finding.retrieval?.headRank)}`;
}

/** `3/3 → 1/3`: probes whose passage is within the context budget, base → head. */
function inBudget(finding: FileFinding): string {
  const loss = finding.retrieval;
  return loss ? `${loss.baseInBudget}/${loss.probes} → ${loss.headInBudget}/${loss.probes}` : '—';
}

/**
 * The comment's lead when the retrieval probes found passages harder to find: "🔎 N passages
 * harder to find", then one row per passage — where (file and head lines), its heading, the median
 * rank of its probes base → head, how many probes still reach it within the context budget, and
 * the likely cause. `null` when none. Pure.
 */
export function probesSection(report: Pick<Report, 'files' | 'probes'>): string | null {
  const found = passageFindings(report.files);
  if (found.length === 0) return null;
  const budget = report.probes ? ` (${report.probes.budget.toLocaleString('en-US')}-token context, ${report.probes.retriever})` : '';
  const gating = found.filter((entry) => entry.finding.gating).length;
  const gate = gating === 0 ? ' Listed, not gating.' : gating === found.length ? '' : ` Gating: ${gating} of ${found.length}.`;
  const rows = found.slice(0, ROWS).map(({ file, finding }) => {
    const lines = finding.line === undefined ? '' : finding.endLine !== undefined && finding.endLine !== finding.line ? ` L${finding.line}–L${finding.endLine}` : ` L${finding.line}`;
    const heading = finding.headingPath && finding.headingPath.length > 0 ? escapeInline(finding.headingPath.join(' › ')) : '—';
    const cause = escapeMessage(finding.retrieval?.cause ?? 'other pages now rank above it', { table: true });
    return `| ${codeSpan(file.path, { table: true })}${lines} | ${heading} | ${ranks(finding)} | ${inBudget(finding)} | ${cause} |`;
  });
  const more = found.length - rows.length;
  return [
    `### 🔎 ${plural(found.length, 'passage')} harder to find`,
    '',
    `Passages this PR kept, looked for with queries derived from them over the whole docs corpus${budget}, base → head.${gate}`,
    '',
    '| Where | Heading | Rank | Within the context | Likely cause |',
    '|---|---|---|---|---|',
    ...rows,
    ...(more > 0 ? ['', `… ${plural(more, 'more passage')}: see report.json and the chunk map, linked from the job summary`] : []),
  ].join('\n');
}
