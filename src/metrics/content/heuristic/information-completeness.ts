import { withoutClosingLines } from '../../../markdown/dialect.js';
import type { Block, BlockKind, Chunk, ParsedDoc } from '../../../types.js';
import { CLOSERS } from '../text.js';
import { chunkCuts } from './cuts.js';
import { detailFromPenalties, type ContentFinding, type ContentInput, type MetricDetail } from './input.js';
import { openingOf } from './opening.js';

/** Points lost for being one piece of a split block, by what was split. */
const SPLIT_POINTS: Readonly<Record<NonNullable<Chunk['split']>['kind'], number>> = {
  table: -40,
  code: -40,
  text: -20,
  section: -10,
};
const CUT_ATOMIC_POINTS = -30;
const CUT_LIST_POINTS = -25;
const INTRODUCER_POINTS = -30;
const UNFINISHED_POINTS = -25;

/** Endings that announce content the chunk does not hold ("as follows:", "如下"). */
const INTRODUCER = /(:|：|如下|如下所示|以下几点|as follows|the following)$/iu;

/**
 * `information_completeness` with its findings. From 100: a piece of a split table or code
 * block −40 (text run −20, long section −10); starting or ending inside a table or code block
 * (not marked split) −30 each, inside a list or at a list item numbered above 1 −25; ending
 * with ":" / "：" / "如下" / "as follows" / "the following" −30; ending mid-sentence or mid-word −25.
 */
export function informationCompletenessDetails(input: ContentInput): MetricDetail[] {
  const cuts = chunkCuts(input.doc, input.chunks);
  return input.chunks.map((chunk, index) => {
    const findings: ContentFinding[] = [];
    const { split } = chunk;
    if (split) {
      findings.push({
        code: `split-${split.kind}`,
        message: `is piece ${split.part} of ${split.parts} of a split ${split.kind === 'text' ? 'text run' : split.kind}`,
        points: SPLIT_POINTS[split.kind],
      });
    }
    const startInside = insideBlock(input.doc, chunk.startOffset, 'start');
    const endInside = insideBlock(input.doc, chunk.endOffset, 'end');
    addInside(findings, 'starts', startInside, chunk);
    addInside(findings, 'ends', endInside, chunk);
    if (startInside?.kind !== 'list') {
      const opening = openingOf(input.doc, chunk);
      const number = opening.heading ? null : listNumber(opening.raw);
      if (number !== null && number > 1) {
        findings.push({ code: 'opens-mid-list', message: `opens at list item ${number}: the items before it are in another chunk`, points: CUT_LIST_POINTS });
      }
    }
    const ending = lastWords(chunk.text);
    const introducer = INTRODUCER.exec(ending);
    if (introducer && !chunk.split) {
      findings.push({ code: 'ends-with-introducer', message: `ends with '${introducer[0]}': what it introduces is in the next chunk`, points: INTRODUCER_POINTS });
    }
    const end = cuts[index]!.end;
    if (!introducer && (end.level === 'mid-sentence' || end.level === 'mid-word') && !endInside) {
      findings.push({ code: 'ends-unfinished', message: `ends ${end.where}: the rest is in the next chunk`, points: UNFINISHED_POINTS });
    }
    return detailFromPenalties(findings);
  });
}

/**
 * `information_completeness` of each chunk: 100 minus points for what it cuts off — a split
 * table/code piece 40, a cut inside a table/code block 30, a list entered or left midway 25,
 * an ending that introduces what follows (":", "如下", "as follows") 30, a mid-sentence end 25.
 */
export function informationCompleteness(input: ContentInput): number[] {
  return informationCompletenessDetails(input).map((detail) => detail.score);
}

function addInside(findings: ContentFinding[], verb: 'starts' | 'ends', block: Block | null, chunk: Chunk): void {
  if (!block) return;
  if (block.kind === 'list') {
    findings.push({ code: `${verb}-inside-list`, message: `${verb} inside a list (line ${block.startLine}): part of the enumeration is in another chunk`, points: CUT_LIST_POINTS });
  } else if (chunk.split?.kind !== block.kind) {
    findings.push({ code: `${verb}-inside-${block.kind}`, message: `${verb} inside the ${block.kind} at line ${block.startLine}`, points: CUT_ATOMIC_POINTS });
  }
}

const CUT_KINDS: ReadonlySet<BlockKind> = new Set(['table', 'code', 'list', 'html', 'math', 'jsx']);

/** The table, code, list (…) block that `offset` cuts through (not at its start or end), if any. */
function insideBlock(doc: ParsedDoc, offset: number, side: 'start' | 'end'): Block | null {
  const { source, blocks } = doc;
  let at = offset;
  if (side === 'start') while (at < source.length && /\s/.test(source[at]!)) at += 1;
  else while (at > 0 && /\s/.test(source[at - 1]!)) at -= 1;
  let low = 0;
  let high = blocks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const block = blocks[middle]!;
    if (at <= block.start) high = middle - 1;
    else if (at >= block.end) low = middle + 1;
    else return CUT_KINDS.has(block.kind) ? block : null;
  }
  return null;
}

/** The number of an ordered list item line ("3. ", "3) ", "(3)", "（3）", "3、"), or `null`. */
function listNumber(line: string): number | null {
  const match = /^\s*(?:>\s*)*(?:(\d+)[.)]\s|[（(](\d+)[)）]|(\d+)、)/.exec(line);
  if (!match) return null;
  return Number(match[1] ?? match[2] ?? match[3]);
}

/**
 * The chunk's last 40 characters with trailing whitespace and closing markup removed — docs-site
 * container ends (`:::`, `{{< /tab >}}`, `</Steps>`) included, so `:::` is no “:” lead-in;
 * `''` when it ends with a code fence (a `key:` line inside code introduces nothing).
 */
function lastWords(text: string): string {
  const trimmed = withoutClosingLines(text);
  if (/(^|\n) {0,3}(`{3,}|~{3,})$/.test(trimmed)) return '';
  let end = trimmed.length;
  while (end > 0 && (/\s/.test(trimmed[end - 1]!) || CLOSERS.includes(trimmed[end - 1]!))) end -= 1;
  return trimmed.slice(Math.max(0, end - 40), end);
}
