import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGolden } from '../../src/golden/load.js';
import { foldWhitespace, locateExcerpt } from '../../src/golden/locate.js';

const root = join(import.meta.dirname, '..', '..', 'fixtures', 'validity');
const docsRoot = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'tauri-docs', 'src', 'content', 'docs');
const SETS = [
  { dir: 'en', corpus: docsRoot },
  { dir: 'zh-cn', corpus: join(docsRoot, 'zh-cn') },
];

/** Every file under `dir`, by path relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

describe.each(SETS)('the $dir validity golden set', ({ dir, corpus }) => {
  const golden = parseGolden(readFileSync(join(root, dir, 'golden.yml'), 'utf8'), `${dir}/golden.yml`);
  const docs = join(root, dir, 'docs');
  const pages = files(docs);
  const folded = new Map(pages.map((page) => [page, foldWhitespace(readFileSync(join(docs, page), 'utf8'))]));

  it('finds every excerpt exactly once, up to whitespace, in the copied page it names', () => {
    const problems: string[] = [];
    for (const query of golden.queries) {
      for (const evidence of query.evidence) {
        if (!pages.includes(evidence.file)) {
          problems.push(`${query.id}: no page ${evidence.file}`);
          continue;
        }
        const source = folded.get(evidence.file)!;
        const needle = foldWhitespace(evidence.text).folded;
        const at = source.folded.indexOf(needle);
        if (locateExcerpt(evidence.text, source) === null) problems.push(`${query.id}: not found in ${evidence.file}`);
        // A repeated excerpt would make its span, and so its chunk, ambiguous.
        else if (source.folded.indexOf(needle, at + 1) !== -1) problems.push(`${query.id}: found twice in ${evidence.file}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('holds only pages that some query names', () => {
    const named = new Set(golden.queries.flatMap((query) => query.evidence.map((evidence) => evidence.file)));
    expect(pages.filter((page) => !named.has(page))).toEqual([]);
  });

  it.skipIf(!existsSync(corpus))('copies every page unchanged from the docs corpus', () => {
    const changed = pages.filter((page) => !existsSync(join(corpus, page)) || readFileSync(join(corpus, page), 'utf8') !== readFileSync(join(docs, page), 'utf8'));
    expect(changed).toEqual([]);
  });
});
