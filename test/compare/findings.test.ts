import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_LEVELS } from '../../src/shared/rules.js';
import { comparePair, prose } from './pair.js';

const kinds = (diff: ReturnType<typeof comparePair>) => diff.findings.map((finding) => [finding.kind, finding.gating, finding.severity]);

describe('section findings', () => {
  it('text-removed: a table replaced by a component leaves the index — gating', () => {
    const rows = Array.from({ length: 12 }, (_, index) => `| option_${index} | The value ${index} sets how often the agent retries a failed upload. |`).join('\n');
    const base = `# Agent\n\n${prose('agent', 2)}\n\n## Options\n\nThe options:\n\n| Option | Meaning |\n|---|---|\n${rows}\n`;
    const head = `# Agent\n\n${prose('agent', 2)}\n\n## Options\n\nThe options:\n\n<OptionsTable />\n`;
    const diff = comparePair(base, head, { path: 'docs/page.mdx' });
    const finding = diff.findings.find((item) => item.kind === 'text-removed')!;
    // The component is on head line 9; the section "Options" still exists.
    expect(finding).toMatchObject({ origin: 'new', gating: true, severity: 'high', line: 9, headingPath: ['Agent', 'Options'] });
    expect(finding.message).toMatch(/^About \d+ tokens of text left “Options”; markup took their place \(L9\)/);
    expect(Number(finding.actual)).toBeGreaterThan(150);
  });

  it('text-removed: a section deleted is worth a look, not a gate', () => {
    const base = `# Guide\n\n${prose('intro', 3)}\n\n## Legacy\n\n${prose('legacy', 6)}\n\n## Next\n\n${prose('next', 3)}\n`;
    const head = `# Guide\n\n${prose('intro', 3)}\n\n## Next\n\n${prose('next', 3)}\n`;
    const diff = comparePair(base, head);
    expect(kinds(diff)).toEqual([['text-removed', false, 'low']]);
    expect(diff.findings[0]!.message).toMatch(/^Section “Legacy” deleted: about \d+ tokens of text left the index$/);
  });

  it('text-removed: moved text and small rewordings are not removals', () => {
    const base = `# Guide\n\n## A\n\n${prose('alpha', 5)}\n\n## B\n\n${prose('beta', 5)}\n`;
    const moved = `# Guide\n\n## B\n\n${prose('beta', 5)}\n\n## A\n\n${prose('alpha', 5)}\n`;
    expect(comparePair(base, moved).findings.filter((item) => item.kind === 'text-removed')).toEqual([]);
    const typo = base.replace('plain words', 'plane words');
    expect(comparePair(base, typo).findings).toEqual([]);
  });

  it('heading-lost: deleting a heading merges its text into another section — gating', () => {
    const base = `# Agent guide\n\n## Upgrading\n\n${prose('upgrade', 6)}\n\n## Diagnostics\n\n${prose('diagnostics', 6)}\n`;
    const head = `# Agent guide\n\n## Upgrading\n\n${prose('upgrade', 6)}\n\n${prose('diagnostics', 6)}\n`;
    const diff = comparePair(base, head);
    const finding = diff.findings.find((item) => item.kind === 'heading-lost')!;
    // The whole page (188 tokens) is one chunk now, named by the page title.
    expect(finding).toMatchObject({ gating: true, severity: 'high', actual: 'Diagnostics', headingPath: ['Agent guide'], line: 1, endLine: 7 });
    expect(finding.message).toBe('Deleting the heading “Diagnostics” merged its section into “Agent guide”; “Diagnostics” is in no chunk\'s heading path any more');
  });

  it('heading-lost: a renamed heading is not lost', () => {
    const base = `# Agent guide\n\n## Upgrading\n\n${prose('upgrade', 6)}\n\n## Diagnostics\n\n${prose('diagnostics', 6)}\n`;
    const head = base.replace('## Diagnostics', '## Troubleshooting');
    expect(comparePair(base, head).findings.filter((item) => item.kind === 'heading-lost')).toEqual([]);
  });

  it('heading-lost: a section shrunk under min and merged is worth a look only', () => {
    // "## Short" falls from two paragraphs (≈ 70 tokens, over min 64) to one (≈ 35) and merges with
    // "## Long", the merged chunk taking the parent's path "Guide"
    // (docs/config.md#chunking-strategies): both headings stay in the source, and "Long" is in no
    // chunk's path any more.
    const first = prose('short', 2);
    const base = `# Guide\n\n## Short\n\n${first}\n\n${prose('other short', 2)}\n\n## Long\n\n${prose('long', 8)}\n`;
    const head = `# Guide\n\n## Short\n\n${first}\n\n## Long\n\n${prose('long', 8)}\n`;
    const lost = comparePair(base, head).findings.filter((item) => item.kind === 'heading-lost');
    expect(lost.map((item) => [item.gating, item.severity, item.actual])).toEqual([[false, 'medium', 'Long']]);
    expect(lost[0]!.message).toBe('“Long” is in no chunk\'s heading path any more: its section and a neighbour shorter than `min` were merged into one chunk under “Guide”');
  });

  it('lead-in-cut: the heading chunker keeps a lead-in with its list', () => {
    const items = Array.from({ length: 6 }, (_, index) => `- Item ${index + 1} describes one option of the agent in a sentence.`).join('\n');
    const doc = (filler: number) => `# Agent\n\n${prose('agent', filler)}\n\nConfigure the agent with the following options:\n\n${items}\n`;
    // Even where the list no longer fits after the filler, the lead-in moves on with its first items.
    const diff = comparePair(doc(3), doc(14), { max: 60 });
    expect(diff.findings.filter((item) => item.kind === 'lead-in-cut')).toEqual([]);
    const holder = diff.head!.chunks.find((chunk) => chunk.text.startsWith('Configure the agent'))!;
    expect(holder.text).toContain('- Item 1 describes');
  });

  it('lead-in-cut: a splitter that cuts a lead-in from a list that would have fit with it — gating; already on base — pre-existing', () => {
    // LangChain's recursive splitter (300 characters) packs paragraphs: the 233-character filler and
    // the 49-character lead-in fill one chunk, and the 6-line list (≈ 300) starts the next.
    const chunking = { strategy: 'langchain-recursive' as const, unit: 'chars' as const, max: 300, overlap: 0 };
    const items = Array.from({ length: 6 }, (_, index) => `- Item ${index + 1} sets one option.`).join('\n');
    const lead = 'Configure the agent with the following options:';
    const filler = 'The agent uploads the logs of every host once an hour. It retries a failed upload three times before it gives up. Each upload is compressed and signed with the host key, so the server can tell the hosts apart.';
    const base = `${lead}\n\n${items}\n`;
    const head = `${filler}\n\n${lead}\n\n${items}\n`;
    const cut = comparePair(base, head, { chunking }).findings.filter((item) => item.kind === 'lead-in-cut');
    expect(cut.map((item) => [item.origin, item.gating, item.severity, item.line, item.endLine])).toEqual([['new', true, 'medium', 3, 10]]);
    expect(cut[0]!.message).toBe('The list at L5–L10 starts a new chunk, cut away from its lead-in “Configure the agent with the following options:” (L3)');
    const again = comparePair(head, head.replace('three times', 'four times'), { chunking }).findings.filter((item) => item.kind === 'lead-in-cut');
    expect(again.map((item) => [item.origin, item.gating])).toEqual([['preexisting', false]]);
  });

  it('orphan-heading: a heading newly stranded at a chunk end gates; a trailing generated footer does not count', () => {
    const chunking = { strategy: 'langchain-recursive' as const, unit: 'chars' as const, max: 120, overlap: 0 };
    const base = '## Keys\n\nThe keys are listed below.\n';
    // The paragraph no longer fits with its heading: "## Keys" becomes a chunk of its own.
    const head = `## Keys\n\n${'The keys are listed below, one per line, with what each one does. '.repeat(2).trim()}\n`;
    const orphan = comparePair(base, head, { chunking }).findings.filter((item) => item.kind === 'orphan-heading');
    expect(orphan.map((item) => [item.origin, item.gating, item.line])).toEqual([['new', true, 1]]);
    expect(orphan[0]!.message).toBe('The heading “Keys” (L1) ends a chunk; its section text went to the next one');
    const footer = `# Guide\n\n${prose('guide', 4)}\n\n###### Auto generated by docs-gen on 2024-01-01\n`;
    expect(comparePair(footer.replace('step', 'stage'), footer).findings).toEqual([]);
  });

  it('orphan-heading: a heading followed at once by its first sub-heading, which opens the next chunk, is not stranded', () => {
    const chunking = { strategy: 'langchain-recursive' as const, unit: 'chars' as const, max: 120, overlap: 0 };
    const base = '# Guide\n\nRead this page first: it says what the tool does, where it runs and what it needs to start.\n\n## Usage\n\n### Basic\n\nCall it once.\n';
    // The sub-section grew: "## Usage" now ends the first chunk, and "### Basic" opens the next,
    // whose heading path is Guide › Usage › Basic — retrieval still sees "Usage".
    const grown = 'Call it once at start-up, with the options object, and keep the handle it returns for later calls.';
    const head = base.replace('Call it once.', grown);
    const diff = comparePair(base, head, { chunking });
    expect(diff.head!.chunks.map((chunk) => chunk.headingPath.join(' › '))).toEqual(['Guide', 'Guide › Usage › Basic']);
    expect(diff.head!.chunks[0]!.issues.map((issue) => issue.tag)).toContain('orphan-heading');
    expect(diff.findings.filter((item) => item.kind === 'orphan-heading')).toEqual([]);
    // A heading followed by text that went to the next chunk is still stranded.
    const prose = head.replace('### Basic\n\n', '');
    expect(comparePair(base.replace('### Basic\n\n', ''), prose, { chunking }).findings.filter((item) => item.kind === 'orphan-heading').map((item) => item.line)).toEqual([5]);
  });

  it('page-removed: listed with its chunks and tokens, not gating', () => {
    const diff = comparePair(`# Old\n\n${prose('old', 3)}\n`, null);
    expect(diff.findings.map((item) => [item.kind, item.gating, item.severity, item.actual])).toEqual([['page-removed', false, 'low', 1]]);
    expect(diff.findings[0]!.message).toMatch(/^Page removed: its 1 chunk \(\d+ tokens\) leave the index$/);
  });
});

describe('section findings at the level rules: sets', () => {
  const base = `# Agent guide\n\n## Upgrading\n\n${prose('upgrade', 6)}\n\n## Diagnostics\n\n${prose('diagnostics', 6)}\n`;
  const head = `# Agent guide\n\n## Upgrading\n\n${prose('upgrade', 6)}\n\n${prose('diagnostics', 6)}\n`;
  const lost = (diff: ReturnType<typeof comparePair>) => diff.findings.filter((item) => item.kind === 'heading-lost');

  it('error (the default) leaves a finding as its finder made it', () => {
    expect(lost(comparePair(base, head, { rules: { ...DEFAULT_RULE_LEVELS, 'heading-lost': 'error' } }))).toEqual(lost(comparePair(base, head)));
  });

  it('warn: reported, never gating, marked warn; also under gate: all', () => {
    for (const gate of ['changed', 'all'] as const) {
      const [finding] = lost(comparePair(base, head, { gate, rules: { ...DEFAULT_RULE_LEVELS, 'heading-lost': 'warn' } }));
      expect(finding).toMatchObject({ kind: 'heading-lost', gating: false, level: 'warn', severity: 'high' });
    }
  });

  it('off: not reported', () => {
    expect(lost(comparePair(base, head, { rules: { ...DEFAULT_RULE_LEVELS, 'heading-lost': 'off' } }))).toEqual([]);
    expect(comparePair(`# Old\n\n${prose('old', 3)}\n`, null, { rules: { ...DEFAULT_RULE_LEVELS, 'page-removed': 'off' } }).findings).toEqual([]);
  });
});
