import type { Block, ParsedDoc } from '../types.js';

/** A heading section of a document, before any merging or splitting. */
export interface Section {
  /** Heading depth 1–6; `0` for the leading section before the first section heading. */
  depth: number;
  /** Plain text of the heading (`''` for the leading section). */
  title: string;
  /** Titles of the enclosing section headings and this one, after the root (see {@link sectionsOf}). */
  headingPath: string[];
  heading: Block | null;
  /** Offset of the heading (or of the first block of a leading section). */
  start: number;
  /** Offset just after the section's last block (trailing blank lines excluded). */
  end: number;
  /** Offset of the first block after the heading; `end` when the body is empty. */
  bodyStart: number;
  /** 1-based line of `start`. */
  startLine: number;
  /** 1-based line of the section's last character. */
  endLine: number;
  /** Index in `doc.blocks` of the section's first block (its heading, if any). */
  firstBlock: number;
  /** Index in `doc.blocks` just after the section's last block. */
  endBlock: number;
}

/**
 * The heading sections of `doc`: one per heading of depth ≤ `headingMaxLevel` (deeper
 * headings stay in the body of their section), plus a leading section with
 * `heading: null` when blocks precede the first such heading. Front matter is never part
 * of a section. `headingPath` is the titles of the enclosing headings, outermost first,
 * headed by the front matter `title` when there is one and it differs from the first H1's
 * title ({@link rootPath}). No blocks → `[]`.
 */
export function sectionsOf(doc: ParsedDoc, headingMaxLevel: number): Section[] {
  const root = rootPath(doc);
  const sections: Section[] = [];
  const stack: Array<{ depth: number; title: string }> = [];
  let open: { depth: number; title: string; path: string[]; heading: Block | null; firstBlock: number } | null = null;
  const close = (endBlock: number): void => {
    if (!open || endBlock <= open.firstBlock) return;
    const first = doc.blocks[open.firstBlock]!;
    const last = doc.blocks[endBlock - 1]!;
    const hasBody = open.heading ? endBlock > open.firstBlock + 1 : true;
    sections.push({
      depth: open.depth,
      title: open.title,
      headingPath: open.path,
      heading: open.heading,
      start: first.start,
      end: last.end,
      bodyStart: hasBody ? doc.blocks[open.heading ? open.firstBlock + 1 : open.firstBlock]!.start : last.end,
      startLine: first.startLine,
      endLine: last.endLine,
      firstBlock: open.firstBlock,
      endBlock,
    });
  };
  doc.blocks.forEach((block, index) => {
    const starts = block.kind === 'heading' && (block.depth ?? 1) <= headingMaxLevel;
    if (!starts) {
      open ??= { depth: 0, title: '', path: [...root], heading: null, firstBlock: index };
      return;
    }
    close(index);
    const depth = block.depth ?? 1;
    const title = block.title ?? '';
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    stack.push({ depth, title });
    open = { depth, title, path: [...root, ...stack.map((entry) => entry.title)], heading: block, firstBlock: index };
  });
  close(doc.blocks.length);
  return sections;
}

/**
 * The start of every heading path in `doc`: `[frontmatter.title]` when the front matter has a
 * title that differs from the first H1's title, else `[]`.
 */
export function rootPath(doc: ParsedDoc): string[] {
  const title = doc.frontmatter?.title;
  if (!title) return [];
  const firstH1 = doc.blocks.find((block) => block.kind === 'heading' && block.depth === 1);
  return firstH1?.title === title ? [] : [title];
}
