/** Retrieval probes through compareFiles: the corpus of both sides, no golden set. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { compareFiles } from '../../src/engine/compare-files.js';

// keys.md base: one short section whose paragraph answers "rotate signing keys". Head: 60
// paragraphs of deploy prose inserted above it in the same section, so its chunk is one of
// many "Keys" pieces and other pages' chunks compete; the paragraph itself is kept whole.
const answer = 'Rotate the signing keys every ninety days with the vault rotate command.';
const filler = Array.from({ length: 60 }, (_, index) => `The deploy runner ${index} copies build artifacts to the staging bucket and records checksums for review.`).join('\n\n');
const BASE = `# Keys\n\n${answer}\n`;
const HEAD = `# Keys\n\n${filler}\n\n${answer}\n`;
const others = Array.from({ length: 6 }, (_, index) => ({
  path: `docs/other${index}.md`,
  text: `# Vault ${index}\n\nThe vault stores secrets for service ${index}; every command reads its token from the environment.\n`,
}));

async function compare(yaml: string) {
  const config = parseConfig(yaml, '.chunkgate.yml');
  return compareFiles([{ path: 'docs/keys.md', status: 'modified', base: BASE, head: HEAD }], {
    config,
    retrieval: { base: [{ path: 'docs/keys.md', text: BASE }, ...others], head: [{ path: 'docs/keys.md', text: HEAD }, ...others] },
  });
}

describe('retrieval probes through compareFiles', () => {
  it('probes the kept paragraph of the changed page over the whole corpus and reports what it looked at', async () => {
    const { report } = await compare('');
    // One passage on the base side (the answer; the heading is not a passage), kept whole in the head.
    expect(report.probes).toMatchObject({ retriever: 'bm25', budget: 1024, pages: 1, passages: 1 });
    expect(report.probes!.probes).toBeGreaterThanOrEqual(3);
    const findings = report.files[0]!.findings.filter((finding) => finding.kind === 'retrieval-regression');
    expect(findings).toHaveLength(report.probes!.regressed);
    for (const finding of findings) {
      // At the paragraph's head line: 2 heading lines + 60 paragraphs of 2 lines each.
      expect(finding).toMatchObject({ line: 123, endLine: 123, gating: true });
      expect(finding.retrieval!.probes).toBe(report.probes!.probes);
    }
  });

  it('retrieval.probes: off runs none, and a config without the key keeps its shape', async () => {
    const { report } = await compare('retrieval: { probes: off }\n');
    expect(report.probes).toBeUndefined();
    expect(report.files[0]!.findings.some((finding) => finding.kind === 'retrieval-regression')).toBe(false);
    expect((await compare('')).report.config).not.toHaveProperty('retrieval');
  });
});
