/**
 * Hostile-size inputs through the engine every shell uses (compareFiles), docs/rules.md#files-chunkgate-cannot-check:
 * each finishes — a stall runs into the engine's per-file CPU budget (limits.cpuSeconds, 30 s), whose
 * unchecked finding fails these assertions; no timed assertion here — with a bounded report and a
 * finding that says what happened.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { limitsOf } from '../../src/config/resolve.js';
import { defaultConfig } from '../../src/config/schema.js';
import { compareFiles } from '../../src/engine/compare-files.js';
import { renderJson } from '../../src/report/json.js';
import type { DocDiff } from '../../src/types.js';
import { deepBlockQuotes, frontMatterKeys, hugeHeading, lettersWithoutSpaces, longCjkParagraph, longParagraph } from '../helpers/hostile.js';

const config = defaultConfig();

/** Evaluates `text` as a new file `docs/x.md`, with one ordinary file beside it. */
async function evaluate(text: string): Promise<{ file: DocDiff; other: DocDiff; json: string }> {
  const { report } = await compareFiles(
    [
      { path: 'docs/x.md', status: 'added', base: null, head: text },
      { path: 'docs/y.md', status: 'added', base: null, head: '# Fine\n\nAn ordinary page that still gets its scores.\n' },
    ],
    { config },
  );
  return { file: report.files[0]!, other: report.files[1]!, json: renderJson(report) };
}

/** Tags of the head chunks' issues. */
function tags(file: DocDiff): Set<string> {
  return new Set(file.head!.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag)));
}

describe('hostile inputs finish with a finding', () => {
  for (const bytes of [160_000, 475_000]) {
    it(`${bytes / 1000} KB of letters without a space: cut into max-size pieces, each flagged as a cut sentence`, async () => {
      const { file, json } = await evaluate(lettersWithoutSpaces(bytes));
      const chunks = file.head!.chunks;
      // Every letter is in a chunk, no chunk above max (512 tokens).
      expect(chunks.reduce((sum, chunk) => sum + chunk.chars, 0)).toBeGreaterThanOrEqual(bytes);
      expect(Math.max(...chunks.map((chunk) => chunk.tokens))).toBeLessThanOrEqual(512);
      expect(chunks.every((chunk) => chunk.split?.parts === chunks.length)).toBe(true);
      expect(tags(file).has('sentence-cut')).toBe(true);
      // The report holds the text about once, not once per chunk per heading.
      expect(json.length).toBeLessThan(3 * bytes);
    });
  }

  it('a 950 KB paragraph of sentences: packed into chunks at sentence ends, each a piece of the section', async () => {
    const { file, json } = await evaluate(longParagraph(950_000));
    expect(file.head!.chunks.length).toBeGreaterThan(100);
    expect(file.head!.coverage).toBe(1);
    expect(file.head!.chunks.every((chunk) => chunk.split?.kind === 'section')).toBe(true);
    expect(Math.max(...file.head!.chunks.map((chunk) => chunk.tokens))).toBeLessThanOrEqual(512);
    expect(json.length).toBeLessThan(3 * 950_000);
  });

  it('a 950 KB Chinese paragraph without spaces: the same', async () => {
    const { file } = await evaluate(longCjkParagraph(950_000));
    expect(file.head!.chunks.length).toBeGreaterThan(100);
    expect(file.head!.coverage).toBe(1);
  });

  it('1.9 MB of front matter keys: the body is checked, the front matter is a finding (not gating)', async () => {
    const text = frontMatterKeys(1_900_000);
    const { file } = await evaluate(text);
    expect(file.head!.chunks.map((chunk) => chunk.text)).toEqual(['# Page\n\nA short body.']);
    const lines = text.split('\n').length;
    expect(file.findings).toEqual([
      {
        kind: 'frontmatter-too-large',
        origin: 'new',
        gating: false,
        severity: 'medium',
        // The value between the --- fences: the text minus "---\n", "\n---\n\n# Page\n\nA short body.\n".
        message: `Unexpected ${text.length - 4 - 28}-character front matter, expected at most 65536: not read for its title`,
        hint: expect.stringContaining('metadata'),
        line: 1,
        endLine: lines - 5,
        actual: text.length - 4 - 28,
        expected: 65536,
      },
    ]);
  });

  for (const bytes of [36_000, 72_000]) {
    it(`a ${bytes / 1000} KB heading: packed like text, its title capped, a small report`, async () => {
      const { file, json } = await evaluate(hugeHeading(bytes));
      const chunks = file.head!.chunks;
      // Words packed up to max, not one chunk per word: about bytes / 6 words of ~2 tokens in 512-token chunks.
      expect(chunks.length).toBeLessThan(bytes / 6 / 100);
      for (const chunk of chunks) {
        expect(chunk.headingPath).toHaveLength(1);
        expect(chunk.headingPath[0]!.length).toBeLessThanOrEqual(201);
        expect(chunk.headingPath[0]!.endsWith('…')).toBe(true);
      }
      // Linear in the input: each chunk's text once under `head`, and once more under `regressions`
      // when it fails (every piece here is headings only) — the 408 MB of the bug was quadratic.
      expect(json.length).toBeLessThan(8 * bytes);
    });
  }

  it('10,000 nested block quotes: an unchecked finding naming the depth, refused before parsing; the other file is still scored', async () => {
    const { file, other } = await evaluate(deepBlockQuotes(10_000));
    expect(file.path).toBe('docs/x.md');
    expect(file.head).toBeUndefined();
    expect(file.findings).toEqual([
      {
        kind: 'unchecked',
        origin: 'new',
        gating: true,
        severity: 'high',
        message: 'Not checked: lists and block quotes nested 10,000 levels deep, over the limit of 100 (from line 1)',
        hint: expect.stringContaining('Flatten'),
      },
    ]);
    expect(other.head!.chunks).toHaveLength(1);
    expect(other.findings).toEqual([]);
  });
});

describe('the config\'s limits', () => {
  it('limits.nesting and limits.backtickRun are the caps: at the limit checked, over it unchecked with the line', async () => {
    const limited = parseConfig('limits: { nesting: 2, backtickRun: 3 }\n', '.chunkgate.yml');
    const { report } = await compareFiles(
      [
        { path: 'docs/two.md', status: 'added', base: null, head: '# Two\n\n- a\n  - b\n\nSome ```code```.\n' },
        { path: 'docs/three.md', status: 'added', base: null, head: '# Three\n\n- a\n  - b\n    - c\n' },
        { path: 'docs/ticks.md', status: 'added', base: null, head: '# Ticks\n\nSome ````code````.\n' },
      ],
      { config: limited },
    );
    const [two, three, ticks] = ['docs/two.md', 'docs/three.md', 'docs/ticks.md'].map((path) => report.files.find((file) => file.path === path));
    expect(two!.findings).toEqual([]);
    expect(two!.head!.chunks).toHaveLength(1);
    expect(three!.findings.map((finding) => [finding.kind, finding.gating, finding.message])).toEqual([
      ['unchecked', true, 'Not checked: lists and block quotes nested 3 levels deep, over the limit of 2 (from line 5)'],
    ]);
    expect(ticks!.findings.map((finding) => finding.message)).toEqual(['Not checked: a run of 4 backticks, over the limit of 3 (from line 3)']);
    expect(report.summary.verdict).toBe('fail');
  });

  it('limits.cpuSeconds is the budget, in CPU seconds', async () => {
    // The budget's clock is read at the start and after each stage: 2,500 ms a read is over 2 s (not 30) after parsing.
    let clock = 0;
    const now = () => (clock += 2500) - 2500;
    const limited = parseConfig('limits: { cpuSeconds: 2 }\n', '.chunkgate.yml');
    const { report } = await compareFiles([{ path: 'docs/a.md', status: 'added', base: null, head: '# A\n\nText.\n' }], {
      config: limited,
      fileBudget: { now },
    });
    expect(report.files[0]!.findings.map((finding) => finding.message)).toEqual([
      'Not checked: used more than 2 s of CPU time (the budget, limits.cpuSeconds, ran out while parsing)',
    ]);
  });

  it('left out, the defaults: 30 CPU seconds, nesting 100, backtick runs of 64, inline markers 200 million; not in the parsed config (its hash stays)', () => {
    expect(limitsOf(config)).toEqual({ cpuMs: 30_000, complexity: { nesting: 100, backtickRun: 64, inlineMarkers: 200 } });
    expect('limits' in config).toBe(false);
    expect(limitsOf(parseConfig('limits: { cpuSeconds: 1.5 }\n', '.chunkgate.yml'))).toEqual({ cpuMs: 1500, complexity: { nesting: 100, backtickRun: 64, inlineMarkers: 200 } });
  });
});

describe('the per-file time budget', () => {
  it('turns a file whose stages add up past the budget into an unchecked finding, and goes on', async () => {
    // A clock that advances 600 ms each time it is read: the budget starts at 0, parsing ends at
    // 600 (within 1 s), chunking at 1200 (over): the second check stops the file.
    let clock = 0;
    const now = () => (clock += 600) - 600;
    const { report } = await compareFiles(
      [
        { path: 'docs/slow.md', status: 'modified', base: '# Slow\n\nBefore.\n', head: '# Slow\n\nAfter.\n' },
      ],
      { config, fileBudget: { ms: 1000, now } },
    );
    expect(report.files[0]!.findings).toEqual([
      {
        kind: 'unchecked',
        origin: 'new',
        gating: true,
        severity: 'high',
        message: 'Not checked: used more than 1 s of CPU time (the budget, limits.cpuSeconds, ran out while chunking)',
        hint: expect.stringContaining('Split the page'),
      },
    ]);
    expect(report.summary.verdict).toBe('fail');
  });
});
