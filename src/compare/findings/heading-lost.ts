import type { Block, FileFinding } from '../../types.js';
import { mapLines } from '../line-map.js';
import type { FindingInput } from './input.js';
import { headingStacks } from './sections.js';
import { visibleChars } from './visible.js';

/** Share of a section's body lines that must survive in head for its heading to count as lost, not deleted. */
const SURVIVES = 0.5;

const normal = (line: string): string => line.trim().replace(/\s+/g, ' ');

/** A body line that says something: at least this many text characters (not `---`, `</Intro>`, a fence). */
const MEANINGFUL = 12;

/** A title without a trailing heading-id attribute (`{#id}`, an MDX id comment, `{ #id .class }`), which a reword may drop. */
const bareTitle = (title: string): string => title.replace(/\s*\{[^{}]*\}\s*$/, '').trim();

/** A title's letters and digits, lower-cased: `SSRManifest.csp` and `SSRManifestCSP` both read `ssrmanifestcsp`. */
const letters = (title: string): string => bareTitle(title).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The words of a title (letters and digits), lower-cased. */
const wordsOf = (title: string): string[] => bareTitle(title).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether heading `holder` names what heading `lost` named, more precisely: it holds all of `lost`'s
 * letters in a row (`SSRManifest.csp` for `SSRManifestCSP`) or every one of its words (`Install
 * steps` for `Steps`).
 */
function names(holder: string, lost: string): boolean {
  const short = letters(lost);
  if (short !== '' && letters(holder).includes(short)) return true;
  const words = new Set(wordsOf(holder));
  const wanted = wordsOf(lost);
  return wanted.length > 0 && wanted.every((word) => words.has(word));
}

/** The non-blank body lines of the section a heading opens (up to the next heading of the same or a higher level). */
function bodyLines(blocks: readonly Block[], index: number, source: string): string[] {
  const heading = blocks[index]!;
  const lines: string[] = [];
  for (let at = index + 1; at < blocks.length; at += 1) {
    const block = blocks[at]!;
    if (block.kind === 'heading' && (block.depth ?? 1) <= (heading.depth ?? 1)) break;
    if (block.kind === 'heading') continue;
    for (const line of source.slice(block.start, block.end).split('\n')) if (visibleChars(line) >= MEANINGFUL) lines.push(normal(line));
  }
  return lines;
}

/**
 * `heading-lost`: a heading that named chunks on the base side is in no head chunk's heading
 * path, while most (≥ 50%) of its section's text is still there — sections merged, and questions
 * about that heading lose their best match. Lines count when they say something (12
 * text characters or more). A renamed heading is not lost: its line rewritten into another heading,
 * the same title but for a heading-id attribute, or its text now under a heading the base did not
 * have — in a chunk's heading path or right over the text in the head source. A lone sub-heading
 * deleted so that its text sits under a heading that names it more precisely (`### SSRManifestCSP`
 * gone, its fields under `#### SSRManifest.csp`; `### Steps` under `## Install steps`) is not lost
 * either. A section deleted with its text is `text-removed`.
 *
 * - The heading is gone from the head source: the merge is this change's doing — severity `high`,
 *   gating.
 * - The heading is still in the source but its section was merged with a neighbour shorter than
 *   `min`, under the other's heading: severity `medium`, not gating (worth a look).
 *
 * Origin `new`. Line: the head chunk that now holds the section's first surviving line.
 */
export function headingLost(input: FindingInput): FileFinding[] {
  const { base, head, baseDoc, headDoc } = input;
  if (!base || !head || !baseDoc || !headDoc) return [];
  const basePathTitles = new Set(base.chunks.flatMap((chunk) => chunk.headingPath));
  const headPathTitles = new Set(head.chunks.flatMap((chunk) => chunk.headingPath.map(bareTitle)));
  const headHeadings = headDoc.blocks.filter((block) => block.kind === 'heading');
  const headTitles = new Set(headHeadings.map((block) => bareTitle(block.title ?? '')));
  const baseTitles = new Set([...basePathTitles].map(bareTitle));
  const headLines = new Set(headDoc.source.split('\n').map(normal));
  let lineMap: ReturnType<typeof mapLines> | null = null;
  let headStacks: string[][] | null = null;
  let headSourceLines: string[] | null = null;
  let baseHeadingTitles: Set<string> | null = null;
  const findings: FileFinding[] = [];
  baseDoc.blocks.forEach((block, index) => {
    const title = block.title ?? '';
    if (block.kind !== 'heading' || title === '' || !basePathTitles.has(title) || headPathTitles.has(bareTitle(title))) return;
    const body = bodyLines(baseDoc.blocks, index, baseDoc.source);
    const surviving = body.filter((line) => headLines.has(line));
    if (body.length === 0 || surviving.length / body.length < SURVIVES) return;
    const stillThere = headTitles.has(bareTitle(title));
    if (!stillThere) {
      lineMap ??= mapLines(baseDoc.source, headDoc.source);
      const mapped = lineMap[block.startLine];
      if (mapped && headHeadings.some((heading) => heading.startLine >= mapped.from && heading.startLine <= mapped.to)) return;
    }
    const first = surviving[0]!;
    const holder = head.chunks.find((chunk) => chunk.text.split('\n').some((line) => normal(line) === first));
    // Text that now sits under a heading the base did not have was moved under a renamed heading, not merged.
    const home = holder?.headingPath.at(-1);
    if (home !== undefined && !baseTitles.has(bareTitle(home))) return;
    // The same for the heading right over the text in the head source (chunks may have merged it
    // up), and a lone sub-heading deleted so that its text sits under a heading that names it more
    // precisely (`### SSRManifestCSP` gone, its fields under `#### SSRManifest.csp`): nothing lost.
    if (!stillThere) {
      headStacks ??= headingStacks(headDoc);
      headSourceLines ??= headDoc.source.split('\n').map(normal);
      const at = headSourceLines.indexOf(first);
      const over = at === -1 ? undefined : headStacks[at + 1]?.at(-1);
      baseHeadingTitles ??= new Set(baseDoc.blocks.filter((item) => item.kind === 'heading').map((item) => bareTitle(item.title ?? '')));
      if (over !== undefined && (!baseHeadingTitles.has(bareTitle(over)) || names(over, title))) return;
    }
    const into = holder && holder.headingPath.length > 0 ? `“${holder.headingPath.at(-1)}”` : 'the text before the first heading';
    const finding: FileFinding = {
      kind: 'heading-lost',
      origin: 'new',
      gating: !stillThere,
      severity: stillThere ? 'medium' : 'high',
      message: stillThere
        ? `“${title}” is in no chunk's heading path any more: its section and a neighbour shorter than \`min\` were merged into one chunk under ${into}`
        : `Deleting the heading “${title}” merged its section into ${into}; “${title}” is in no chunk's heading path any more`,
      hint: stillThere ? 'give the short section enough text to stand alone, or lower `min`' : 'restore the heading, or split the section',
      actual: title,
    };
    if (holder) {
      finding.line = holder.startLine;
      finding.endLine = holder.endLine;
      finding.headingPath = holder.headingPath;
    }
    findings.push(finding);
  });
  return findings;
}
