import { describe, expect, it } from 'vitest';
import { probeFindings, medianRank } from '../../src/probes/findings.js';
import { DEFAULT_PROBE_RULE, IDENTIFIER_GATE, runProbes, type ProbeFile } from '../../src/probes/run.js';
import type { Chunk } from '../../src/types.js';

/** A chunk of `source` from `start` to `end`, with a heading path and a token count. */
function chunk(source: string, start: number, end: number, headingPath: string[], tokens: number, index = 0): Chunk {
  const text = source.slice(start, end);
  return { id: `${start}`, index, text, tokens, chars: text.length, headingPath, startLine: 1, endLine: 1, startOffset: start, endOffset: end, kinds: ['paragraph'], spans: [{ start, end }] };
}

const passage = 'Rotate the signing keys every ninety days with the vault command.';
const baseSource = `# Keys\n\n${passage}\n`;
const headSource = `# Keys\n\n## Misc\n\n${passage}\n`;
const other = 'Other page about something else entirely here.';

const baseFiles: ProbeFile[] = [
  { path: 'keys.md', source: baseSource, chunks: [chunk(baseSource, 0, baseSource.length - 1, ['Keys'], 20)] },
  { path: 'other.md', source: other, chunks: [chunk(other, 0, other.length, ['Other'], 900)] },
];
const headFiles: ProbeFile[] = [
  // The new heading "Misc" now stands above the passage.
  { path: 'keys.md', source: headSource, chunks: [chunk(headSource, 0, headSource.length - 1, ['Keys', 'Misc'], 24)] },
  baseFiles[1]!,
];

describe('runProbes', () => {
  it('finds a kept passage that every probe now ranks below another page, with its cause', async () => {
    // Orders: keys.md is 0, other.md is 1 (path order). Base: keys first; head: other first, and
    // other.md's 900 tokens + keys.md's 24 still fit 1,024, so only the rank moved (1 → 2: margin 2 not reached)…
    const fixed = (ranking: number[]) => () => async () => ranking;
    const run = await runProbes({
      base: baseFiles,
      head: headFiles,
      pages: [{ basePath: 'keys.md', headPath: 'keys.md' }],
      budget: 1024,
      retrievers: () => ({ base: fixed([0, 1]), head: fixed([1, 0]) }),
    });
    expect(run.passages).toHaveLength(1);
    const [outcome] = run.passages;
    expect(outcome!.cause).toBe('a new heading "Misc" now stands above it');
    expect(outcome!.probes.every((probe) => probe.base.rank === 1 && probe.head.rank === 2 && probe.head.fits)).toBe(true);
    expect(outcome!.regressed).toBe(false);
    expect(outcome!.line).toBe(5);
    // … with a 900-token budget the passage leaves the context: every probe lost ground.
    const tight = await runProbes({
      base: baseFiles,
      head: headFiles,
      pages: [{ basePath: 'keys.md', headPath: 'keys.md' }],
      budget: 900,
      retrievers: () => ({ base: fixed([0, 1]), head: fixed([1, 0]) }),
    });
    expect(tight.passages[0]!.regressed).toBe(true);
    const findings = probeFindings(tight, 900).get('keys.md')!;
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      kind: 'retrieval-regression',
      // Listed, not gating: nothing gates under the default rule.
      gating: false,
      severity: 'medium',
      line: 5,
      endLine: 5,
      headingPath: ['Keys', 'Misc'],
      message: `Passage harder to find (rank 1 → rank 2; within the 900-token context for 0 of ${tight.passages[0]!.probes.length} probes (was ${tight.passages[0]!.probes.length})): a new heading "Misc" now stands above it`,
    });
  });

  it('with the identifier gate, gates a table whose identifiers fell three ranks from the top three', async () => {
    const table = '| Key | Meaning |\n|---|---|\n| `max_retries` | retries of each request |';
    const base = `# Settings\n\n${table}\n`;
    const head = `# Settings\n\n## Other\n\n${table}\n`;
    const fillers = [0, 1, 2].map((index) => ({ path: `z${index}.md`, source: `filler ${index} text here`, chunks: [chunk(`filler ${index} text here`, 0, 18, ['Z'], 10)] }));
    const files = (source: string, path: string[]): ProbeFile[] => [{ path: 'a.md', source, chunks: [chunk(source, 0, source.length - 1, path, 30)] }, ...fillers];
    const fixed = (ranking: number[]) => () => async () => ranking;
    const run = async (headRanking: number[]) =>
      runProbes({
        base: files(base, ['Settings']),
        head: files(head, ['Settings', 'Other']),
        pages: [{ basePath: 'a.md', headPath: 'a.md' }],
        budget: 1024,
        rule: { ...DEFAULT_PROBE_RULE, gate: IDENTIFIER_GATE },
        retrievers: () => ({ base: fixed([0, 1, 2, 3]), head: fixed(headRanking) }),
      });
    // Orders: a.md 0, z0–z2 1–3. Rank 1 → 4 is a fall of 3 from the top 3: gating.
    expect((await run([1, 2, 3, 0])).passages[0]).toMatchObject({ kind: 'table', regressed: true, gating: true });
    // Rank 1 → 3, a fall of 2: every probe lost ground under the reported rule (margin 2), none under the gating one.
    expect((await run([1, 2, 0, 3])).passages[0]).toMatchObject({ kind: 'table', regressed: true, gating: false });
  });

  it('does not probe text the head lost or reworded', async () => {
    const reworded = `# Keys\n\nRotate signing keys each quarter with the vault command.\n`;
    const run = await runProbes({
      base: baseFiles,
      head: [{ path: 'keys.md', source: reworded, chunks: [chunk(reworded, 0, reworded.length, ['Keys'], 20)] }, baseFiles[1]!],
      pages: [{ basePath: 'keys.md', headPath: 'keys.md' }],
      budget: 1024,
    });
    expect(run).toMatchObject({ passages: [], notKept: 1, probes: 0, pages: [{ basePath: 'keys.md', headPath: 'keys.md' }] });
  });

  it('with a store, a re-run on the same base reads the term counts, index and ranks back, and measures the same', async () => {
    const entries = new Map<string, unknown>();
    const writes: string[] = [];
    const store = {
      async get(key: string) {
        return entries.get(key);
      },
      async set(key: string, value: unknown) {
        writes.push(key);
        entries.set(key, JSON.parse(JSON.stringify(value)));
      },
    };
    const input = { base: baseFiles, head: headFiles, pages: [{ basePath: 'keys.md', headPath: 'keys.md' }], budget: 1024 };
    const fresh = await runProbes(input);
    const first = await runProbes({ ...input, store });
    expect(first).toEqual(fresh);
    // Two entries: the term counts, and the base index with its ranks.
    expect(writes).toHaveLength(2);
    const stats = [...entries.values()].find((value) => (value as { format?: string }).format === 'chunkgate-probe-stats/1') as { documents: number; frequencies: number[] };
    // Two base chunks; "rotate" (a term of the passage) is in one of them.
    expect(stats.documents).toBe(2);
    const second = await runProbes({ ...input, store });
    expect(second).toEqual(fresh);
    expect(writes).toHaveLength(2);
    // A saved entry that is not what was saved (counts of another length) is a miss, counted again.
    for (const [key, value] of entries) if (value === stats) entries.set(key, { ...stats, frequencies: [1] });
    expect(await runProbes({ ...input, store })).toEqual(fresh);
    expect(writes).toHaveLength(3);
  });

  it('medianRank takes the lower median, not found counting last', () => {
    expect(medianRank([{ rank: 3, fits: true }, { rank: null, fits: false }, { rank: 1, fits: true }])).toBe(3);
    expect(medianRank([{ rank: 2, fits: true }, { rank: 8, fits: true }])).toBe(2);
    expect(medianRank([{ rank: null, fits: false }, { rank: null, fits: false }, { rank: 4, fits: true }])).toBeNull();
  });
});
