/**
 * How compareFiles turns sides it cannot check into findings (the origin rule,
 * docs/rules.md#files-chunkgate-cannot-check).
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { compareFiles, type FilePair } from '../../src/engine/compare-files.js';
import { parseGolden } from '../../src/golden/load.js';
import { deepBlockQuotes } from '../helpers/hostile.js';

const config = defaultConfig();
const binary = { reason: 'binary file: NUL byte at byte 3 (line 1)', hint: 'Remove it.' };
const OK = '# Page\n\nA paragraph that reads well on its own.\n';

async function findings(pair: FilePair) {
  const { report } = await compareFiles([pair], { config });
  return { file: report.files[0]!, verdict: report.summary.verdict };
}

describe('compareFiles with unreadable sides', () => {
  it('a head that cannot be read gates, whatever the base was', async () => {
    const { file, verdict } = await findings({ path: 'a.md', status: 'modified', base: OK, head: null, unreadable: { head: binary } });
    expect(file.findings).toEqual([{ kind: 'unchecked', origin: 'new', gating: true, severity: 'high', message: `Not checked: ${binary.reason}`, hint: 'Remove it.' }]);
    // Neither side is evaluated: nothing is "removed", no score is shown for a file not checked.
    expect([file.base, file.head, verdict]).toEqual([undefined, undefined, 'fail']);
  });

  it('a head byte-identical to an equally unreadable base is pre-existing and does not gate', async () => {
    const { file, verdict } = await findings({ path: 'a.md', status: 'renamed', previousPath: 'old.md', base: null, head: null, unreadable: { base: binary, head: binary, unchanged: true } });
    expect(file.findings).toEqual([expect.objectContaining({ kind: 'unchecked', origin: 'preexisting', gating: false })]);
    expect(verdict).toBe('pass');
  });

  it('with thresholds.unchecked: warn the finding is kept but does not gate', async () => {
    const warn = { ...config, thresholds: { ...config.thresholds, unchecked: 'warn' as const } };
    const { report } = await compareFiles([{ path: 'a.md', status: 'added', base: null, head: null, unreadable: { head: binary } }], { config: warn });
    expect(report.files[0]!.findings).toEqual([expect.objectContaining({ origin: 'new', gating: false })]);
    expect(report.summary.verdict).toBe('pass');
  });

  it('a base that cannot be read: the head is judged as a new file, with a low, non-gating note', async () => {
    const { file } = await findings({ path: 'a.md', status: 'modified', base: null, head: OK, unreadable: { base: binary } });
    expect(file.findings).toEqual([
      { kind: 'unchecked', origin: 'preexisting', gating: false, severity: 'low', message: `Base side not checked: ${binary.reason}; the head is compared as a new file`, hint: 'Remove it.' },
    ]);
    expect(file.head!.chunks).toHaveLength(1);
    expect(file.base).toBeUndefined();
  });

  it('front matter above the limit on both sides is pre-existing', async () => {
    const huge = `---\n${'k: v\n'.repeat(14_000)}---\n\n# Page\n\nBody.\n`;
    const { file } = await findings({ path: 'a.md', status: 'modified', base: huge, head: `${huge}More.\n` });
    expect(file.findings).toEqual([expect.objectContaining({ kind: 'frontmatter-too-large', origin: 'preexisting', gating: false })]);
  });

  it('an external strategy with no chunker to call fails closed', async () => {
    const external = { ...config, chunking: { ...config.chunking, strategy: 'external' as const, command: ['chunk'] } };
    const { report } = await compareFiles([{ path: 'a.md', status: 'added', base: null, head: OK }], { config: external });
    expect(report.files[0]!.findings).toEqual([expect.objectContaining({ gating: true, message: 'Not checked: chunking.strategy is external, but this run has no external chunker to call' })]);
  });

  it('an unchanged docs file the parser cannot take only costs retrieval its chunks, with a notice', async () => {
    const golden = parseGolden('queries:\n  - id: q\n    query: What reads well?\n    type: A\n    evidence: [{ file: a.md, text: A paragraph that reads well }]\n', 'golden.yml');
    const corpus = [
      { path: 'a.md', text: OK },
      { path: 'deep.md', text: deepBlockQuotes(10_000) },
    ];
    const { report, notices } = await compareFiles([{ path: 'a.md', status: 'modified', base: OK, head: `${OK}\nMore.\n` }], {
      config,
      retrieval: { golden, base: corpus, head: corpus },
    });
    expect(report.retrieval!.queries).toHaveLength(1);
    // The file is the same on both sides: chunked (tried) once, one notice.
    expect(notices.filter((notice) => notice.startsWith('deep.md'))).toEqual([
      'deep.md: lists and block quotes nested 10,000 levels deep, over the limit of 100 (from line 1); retrieval sees no chunks of it',
    ]);
  });
});
