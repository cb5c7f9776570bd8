import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/config/schema.js';
import { parseConfig } from '../../../src/config/load.js';
import { settingsFor } from '../../../src/config/resolve.js';
import { evaluateDocument } from '../../../src/engine/evaluate.js';
import type { Config } from '../../../src/config/types.js';
import { checkRules, ruleSettings } from '../../../src/metrics/rules/index.js';
import { inlineDisables, isDisabled } from '../../../src/metrics/rules/inline-disables.js';
import { DEFAULT_RULE_LEVELS } from '../../../src/shared/rules.js';
import type { RuleComment } from '../../../src/types.js';
import { build, draftAt } from '../structural/fixture.js';

const comment = (line: number, keyword: string, ...rules: string[]): RuleComment => ({ keyword, rules, line });

describe('inlineDisables', () => {
  it('turns the named rules off from the disable line (inclusive) to the enable line (exclusive)', () => {
    const disables = inlineDisables('a.md', [comment(3, 'disable', 'table-split', 'sentence-cut'), comment(9, 'enable', 'table-split')]);
    expect([...disables.ranges]).toEqual([
      ['table-split', [[3, 9, 3]]],
      ['sentence-cut', [[3, Infinity, 3]]],
    ]);
    expect([2, 3, 8, 9].map((line) => isDisabled(disables, 'table-split', line))).toEqual([false, true, true, false]);
    expect(isDisabled(disables, 'sentence-cut', 500)).toBe(true);
    expect(isDisabled(disables, 'tiny-chunk', 5)).toBe(false);
    expect(disables.notices).toEqual([]);
  });

  it('without names, disables and enables every rule; a second disable of an open region changes nothing', () => {
    const disables = inlineDisables('a.md', [comment(2, 'disable'), comment(4, 'disable', 'tiny-chunk'), comment(6, 'enable'), comment(10, 'disable', 'tiny-chunk'), comment(12, 'enable', 'tiny-chunk')]);
    expect(disables.ranges.get('oversize-chunk')).toEqual([[2, 6, 2]]);
    expect(disables.ranges.get('tiny-chunk')).toEqual([
      [2, 6, 2],
      [10, 12, 10],
    ]);
    expect(disables.ranges.size).toBe(15);
  });

  it('disable-file covers every line wherever it stands, and enable does not undo it', () => {
    const disables = inlineDisables('a.md', [comment(40, 'disable-file', 'near-duplicate'), comment(41, 'enable')]);
    expect(disables.ranges.get('near-duplicate')).toEqual([[1, Infinity, 40]]);
    expect(isDisabled(disables, 'near-duplicate', 1)).toBe(true);
  });

  it('disable-line turns the named rules off on its own line, disable-next-line on the line after; enable ends neither', () => {
    const disables = inlineDisables('a.md', [comment(5, 'disable-line', 'sentence-cut'), comment(8, 'disable-next-line', 'table-split', 'tiny-chunk'), comment(9, 'enable')]);
    expect([...disables.ranges]).toEqual([
      ['sentence-cut', [[5, 6, 5]]],
      ['table-split', [[9, 10, 8]]],
      ['tiny-chunk', [[9, 10, 8]]],
    ]);
    expect([4, 5, 6].map((line) => isDisabled(disables, 'sentence-cut', line))).toEqual([false, true, false]);
    expect([8, 9, 10].map((line) => isDisabled(disables, 'table-split', line))).toEqual([false, true, false]);
    expect(disables.fileComments.size).toBe(0);
    expect(disables.notices).toEqual([]);
  });

  it('without names, disable-next-line turns every rule off on the next line', () => {
    const disables = inlineDisables('a.md', [comment(3, 'disable-next-line')]);
    expect(disables.ranges.size).toBe(15);
    expect(disables.ranges.get('oversize-chunk')).toEqual([[4, 5, 3]]);
  });

  it('suggests disable-next-line for a near miss', () => {
    expect(inlineDisables('a.md', [comment(2, 'disable-nextline', 'tiny-chunk')]).notices[0]).toMatch(
      /^a\.md:2: unknown comment "chunkgate-disable-nextline", ignored — did you mean "chunkgate-disable-next-line"\?/,
    );
  });

  it('ignores unknown rule names and keywords with a notice naming the place and the closest match', () => {
    const disables = inlineDisables('docs/a.md', [comment(7, 'disable', 'tabel-split', 'tiny-chunk'), comment(9, 'disabel', 'tiny-chunk'), comment(11, 'disable', 'whatever')]);
    expect(disables.notices).toEqual([
      'docs/a.md:7: unknown rule "tabel-split" in a chunkgate-disable comment, ignored — did you mean "table-split"?',
      'docs/a.md:9: unknown comment "chunkgate-disabel", ignored — did you mean "chunkgate-disable"? (allowed: chunkgate-disable, chunkgate-enable, chunkgate-disable-line, chunkgate-disable-next-line, chunkgate-disable-file)',
      'docs/a.md:11: unknown rule "whatever" in a chunkgate-disable comment, ignored',
    ]);
    // The known name of the first comment applies; the comment naming only an unknown rule disables nothing.
    expect([...disables.ranges.keys()]).toEqual(['tiny-chunk']);
  });
});

describe('checkRules with rule settings', () => {
  // Two chunks: "Alpha beta gamma delta." twice; the second duplicates the first and is below tiny 30.
  const text = 'Alpha beta gamma delta.\n\nAlpha beta gamma delta.';
  const input = () => build(text, [draftAt(0, 23), draftAt(25, 48)], { tiny: 30 });

  it('reports every rule at its default level', () => {
    expect(checkRules(input())[1]!.map((issue) => [issue.tag, issue.level])).toEqual([
      ['tiny-chunk', undefined],
      ['duplicate-chunk', undefined],
    ]);
  });

  it('drops the findings of a rule that is off and marks those of a rule at warn', () => {
    const settings = { ...ruleSettings(input().doc), levels: { ...DEFAULT_RULE_LEVELS, 'tiny-chunk': 'off', 'duplicate-chunk': 'warn' } as const };
    const issues = checkRules(input(), undefined, settings);
    expect(issues[0]!.map((issue) => issue.tag)).toEqual([]);
    expect(issues[1]!.map((issue) => [issue.tag, issue.level])).toEqual([['duplicate-chunk', 'warn']]);
  });

  it('drops a finding whose line a comment disables for its rule', () => {
    const source = 'Alpha beta gamma delta.\n\n<!-- chunkgate-disable duplicate-chunk -->\nAlpha beta gamma delta.';
    const commented = build(source, [draftAt(0, 23), draftAt(25, source.length)], { tiny: 10 });
    expect(checkRules(commented)[1]!.map((issue) => issue.tag)).toEqual([]);
  });
});

const page = (body: string) =>
  `# Guide\n\n${body}\n\n## Setup\n\nRun the installer once on every machine that builds the docs. It downloads the parser, checks the version and writes the config file next to the repository root.\n`;
const lead = 'Chunkgate checks the chunks of every page. It parses Markdown, cuts it the way your pipeline does, and scores each chunk for retrieval before a change merges.';

function evaluate(source: string, config: Config = defaultConfig(), path = 'docs/a.md') {
  const settings = settingsFor(config, path);
  return evaluateDocument(path, source, { chunking: settings.chunking, rules: settings.rules, weights: config.scoring.weights });
}

/** Scores and issues of a document, lines left out (a comment moves the lines below it). */
const outcome = (source: string, config?: Config) => {
  const doc = evaluate(source, config);
  return { scores: doc.scores, metrics: doc.metrics, chunks: doc.chunks.map((chunk) => ({ score: chunk.score, headingPath: chunk.headingPath, tags: chunk.issues.map((issue) => issue.tag) })) };
};

describe('a rule comment is not a problem of the chunk that holds it', () => {
  it.each([
    ['above the first heading', (source: string) => `<!-- chunkgate-disable-file oversize-chunk -->\n\n${source}`],
    ['between sections', (source: string) => source.replace('## Setup', '<!-- chunkgate-disable sentence-cut -->\n\n## Setup')],
    ['at the end of a paragraph', (source: string) => source.replace('before a change merges.', 'before a change merges. <!-- chunkgate-enable -->')],
    ['at the end of the page', (source: string) => `${source}\n<!-- chunkgate-enable -->\n`],
  ])('%s: same chunks, scores and findings as without it', (_where, add) => {
    const source = page(lead);
    expect(outcome(add(source))).toEqual(outcome(source));
  });

  it('alone in a chunk, it gets no finding (a tiny chunk of markup)', () => {
    const source = `${page(lead)}\n## Notes\n\n<!-- chunkgate-enable -->\n`;
    const config = parseConfig('chunking: { min: 0 }', 'c.yml');
    const last = evaluate(source, config).chunks.at(-1)!;
    expect(last.text.trim()).toBe('## Notes\n\n<!-- chunkgate-enable -->');
    const lone = evaluate('<!-- chunkgate-disable-file tiny-chunk -->\n\n# Guide\n\nText.\n', parseConfig('chunking: { min: 0 }', 'c.yml'));
    expect(lone.chunks[0]!.text.trim()).toBe('<!-- chunkgate-disable-file tiny-chunk -->');
    expect(lone.chunks[0]!.issues).toEqual([]);
  });
});

describe('rule levels and comments through evaluation', () => {
  // A 40-row table under a 60-token max: every piece is table-split and capped at 59.
  const table = ['| Key | Meaning |', '|---|---|', ...Array.from({ length: 40 }, (_, row) => `| key${row} | the setting number ${row} of the deploy tool |`)].join('\n');
  const source = `# Settings\n\nThe deploy tool reads these settings from its config file when it starts.\n\n${table}\n`;
  const small = 'chunking: { max: 120, min: 10 }\n';

  it('at error and at warn, pieces carry table-split and are capped at 59; off drops it and the cap', () => {
    const at = (level: string) => evaluate(source, parseConfig(`${small}rules: { table-split: ${level} }`, 'c.yml'));
    const error = at('error');
    const pieces = error.chunks.filter((chunk) => chunk.issues.some((issue) => issue.tag === 'table-split'));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.score).toBeLessThanOrEqual(59);
    const warn = at('warn');
    expect(warn.chunks.map((chunk) => chunk.score)).toEqual(error.chunks.map((chunk) => chunk.score));
    expect(warn.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'table-split').map((issue) => issue.level))).toEqual(pieces.map(() => 'warn'));
    const off = at('off');
    expect(off.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag))).not.toContain('table-split');
    expect(Math.max(...off.chunks.map((chunk) => chunk.score))).toBeGreaterThan(59);
  });

  it('a disable-next-line comment above the table drops the finding on the table\'s first line only; disable-line the one on its own line', () => {
    const config = parseConfig(small, 'c.yml');
    const tags = (doc: ReturnType<typeof evaluate>) => doc.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'table-split').map((issue) => issue.line));
    const plain = tags(evaluate(source, config));
    // The table starts on line 5; each piece's finding stands on the piece's first line.
    expect(plain[0]).toBe(5);
    expect(plain.length).toBeGreaterThan(1);
    // The comment on line 5 pushes the table to line 6, the line after it.
    const next = evaluate(source.replace(table, `<!-- chunkgate-disable-next-line table-split -->\n${table}`), config);
    expect(tags(next)).toEqual(plain.slice(1).map((line) => line + 1));
    // Hidden, the first piece's finding still caps its score.
    expect(next.chunks.find((chunk) => chunk.startLine <= 6 && chunk.endLine >= 6)!.score).toBeLessThanOrEqual(59);
    // A comment on a line of its own disables nothing else: disable-line there hides none of the pieces.
    const own = evaluate(source.replace(table, `<!-- chunkgate-disable-line table-split -->\n${table}`), config);
    expect(tags(own)).toEqual(plain.map((line) => line + 1));
  });

  it('a disable comment around the table drops its findings; the notice of an unknown name reaches the warnings', async () => {
    const { analyzeDocument } = await import('../../../src/engine/evaluate.js');
    const config = parseConfig(small, 'c.yml');
    const settings = settingsFor(config, 'docs/a.md');
    const commented = source.replace(table, `<!-- chunkgate-disable table-split tabel-split -->\n\n${table}\n\n<!-- chunkgate-enable table-split -->`);
    const analysis = analyzeDocument('docs/a.md', commented, { chunking: settings.chunking, rules: settings.rules, weights: config.scoring.weights });
    expect(analysis.issues.flat().map((issue) => issue.tag)).not.toContain('table-split');
    expect(analysis.warnings).toEqual(['docs/a.md:5: unknown rule "tabel-split" in a chunkgate-disable comment, ignored — did you mean "table-split"?']);
  });
});
