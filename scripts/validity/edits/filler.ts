/**
 * Unrelated but realistic prose for the `insert-800` edit family: whole paragraphs of other pages
 * of the same corpus, drawn in a seeded order (pure).
 */
import type { Block } from '../../../src/types.js';
import { caseRandom } from './families.js';

/** A corpus page's plain prose paragraphs. */
export interface ProsePage {
  path: string;
  paragraphs: string[];
}

/**
 * The paragraphs of a page that read as plain prose anywhere: no markup that MDX could read as a
 * tag or an expression, no table cells, no admonition fences, at least 80 characters.
 */
export function proseParagraphs(source: string, blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    if (block.kind !== 'paragraph') return [];
    const text = source.slice(block.start, block.end).trim();
    if (text.length < 80 || /[<>{}|]/.test(text) || /^(?::::|import |export )/.test(text)) return [];
    return [text];
  });
}

/**
 * At least `target` tokens of prose (whole paragraphs, joined by blank lines) from the pages of
 * `pool` other than `exclude`, pages in the order seeded by `seed`, paragraphs in page order;
 * `null` when the pool holds too little.
 */
export function fillerProse(pool: readonly ProsePage[], exclude: string, seed: string, tokens: (text: string) => number, target = 800): string | null {
  const random = caseRandom(seed, 'insert-800');
  const pages = pool.filter((page) => page.path !== exclude && page.paragraphs.length > 0);
  for (let at = pages.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [pages[at], pages[other]] = [pages[other]!, pages[at]!];
  }
  const taken: string[] = [];
  let total = 0;
  for (const page of pages) {
    for (const paragraph of page.paragraphs) {
      taken.push(paragraph);
      total += tokens(paragraph);
      if (total >= target) return taken.join('\n\n');
    }
  }
  return null;
}
