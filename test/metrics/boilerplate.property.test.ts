import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAt } from '../../src/markdown/lines.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { pageBlocks } from '../../src/metrics/boilerplate.js';
import type { PageBlock } from '../../src/types.js';
import { collapseWhitespace } from '../../src/metrics/structural/text.js';
import { excerpt } from '../../src/metrics/rules/finding.js';
import { contentEnd, contentStart } from '../../src/metrics/structural/text.js';
import { searchTerms } from '../../src/retrieval/terms.js';
import type { BlockKind, ParsedDoc } from '../../src/types.js';

const TEXT_KINDS: ReadonlySet<BlockKind> = new Set(['paragraph', 'list', 'blockquote', 'table', 'code', 'html']);

/**
 * The former `pageBlocks` (no rule settings), kept as the reference: every block's whole folded
 * text cut into search terms, and the excerpt taken from the whole folded text (the module reads
 * only a prefix when that decides, docs/design.md#speed).
 */
function referencePageBlocks(doc: ParsedDoc, minTerms = 5): PageBlock[] {
  const blocks: PageBlock[] = [];
  for (const block of doc.blocks) {
    if (!TEXT_KINDS.has(block.kind)) continue;
    const start = contentStart(doc.source, block.start, block.end);
    const end = contentEnd(doc.source, start, block.end);
    const text = doc.source.slice(start, end).replace(/\s+/g, ' ');
    if (searchTerms(text).length < minTerms) continue;
    const line = lineAt(doc.lineStarts, start);
    blocks.push({ key: createHash('sha256').update(text).digest('base64url').slice(0, 22), start, line, excerpt: excerpt(text, { max: 50 }) });
  }
  return blocks;
}

/** Words, CJK runs, punctuation and every kind of whitespace, so prefixes end anywhere. */
const piece = fc.constantFrom('word', 'Tauri’s', 'cache_dir', '上传文件', '缓存', 'İstanbul', 'ΣΑΣ', '—', '!', '`code`', '**bold**', ' ', '  ', '\n', '\t', '\u00a0', '\u2028', '\n\n', '- ', '> ', '| a | b |\n', '```\n', 'x'.repeat(30));
const sourceOf = fc.array(fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')), { maxLength: 6 }).map((blocks) => blocks.join('\n\n'));

describe('pageBlocks', () => {
  it('equals the former whole-text term count and excerpt, whatever the blocks hold', () => {
    fc.assert(
      fc.property(sourceOf, fc.integer({ min: 1, max: 40 }), (source, minTerms) => {
        const { doc } = parseMarkdown('page.md', source);
        expect(pageBlocks(doc, { minTerms })).toEqual(referencePageBlocks(doc, minTerms));
      }),
      { numRuns: 400 },
    );
  });
});

describe('collapseWhitespace', () => {
  it('gives what replacing every whitespace run by one space gives', () => {
    const char = fc.constantFrom('a', 'b', ' ', '\n', '\t', '\r', '\u00a0', '\u2028', '\u3000', '\ufeff');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }), (chars) => {
        const text = chars.join('');
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, ' '));
      }),
      { numRuns: 2000 },
    );
  });
});
