/**
 * From the real-PR replay: a heading reworded or translated with its anchor (or most of
 * its words) kept is the same section, not "Section deleted"; a lone sub-heading deleted so that
 * its text sits under a heading that names it more precisely is not a lost heading.
 */
import { describe, expect, it } from 'vitest';
import { anchorOf, sectionCounterparts } from '../../src/compare/findings/section-map.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { comparePair, prose } from './pair.js';

const doc = (source: string) => parseMarkdown('docs/page.md', source).doc;
const removed = (diff: ReturnType<typeof comparePair>) => diff.findings.filter((item) => item.kind === 'text-removed').map((item) => item.message);
const lost = (diff: ReturnType<typeof comparePair>) => diff.findings.filter((item) => item.kind === 'heading-lost').map((item) => [item.actual, item.gating]);

const TERMS = [
  {
    en: '## Chunk {#chunk}',
    zh: '## 分块 {#chunk}',
    enText: 'A chunk is a piece of a document that the index stores and retrieves as one unit. Chunks are cut at headings first, then at paragraphs, so that each one answers a question on its own. A chunk that is too long dilutes its topic; one that is too short loses its context.',
    zhText: '分块是索引作为一个单元存储和检索的文档片段。分块首先在标题处切分，然后在段落处切分，使每个分块都能独立回答一个问题。过长的分块会冲淡主题，过短的分块会失去上下文。',
  },
  {
    en: '## Embedding {#embedding}',
    zh: '## 嵌入 {#embedding}',
    enText: 'An embedding is a list of numbers that stands for the meaning of a text. Texts with close meanings get close embeddings, so a question finds the chunks that answer it even when they share no word with it. Every chunk gets one embedding when the index is built.',
    zhText: '嵌入是一组代表文本含义的数字。含义相近的文本得到相近的嵌入，因此即使问题与答案没有共同的词语，问题也能找到回答它的分块。构建索引时，每个分块都会得到一个嵌入。',
  },
  {
    en: '## Retrieval {#retrieval}',
    zh: '## 检索 {#retrieval}',
    enText: 'Retrieval ranks the chunks of the index against a question and keeps the first few. The chunks kept are what the language model reads before it answers, so a passage that ranks low is a passage the model never sees. Ranking mixes word matches and embeddings.',
    zhText: '检索根据问题对索引中的分块进行排序，并保留排在最前面的几个。保留的分块就是语言模型回答前阅读的内容，因此排名靠后的段落是模型永远看不到的段落。排序结合了词语匹配和嵌入。',
  },
];

describe('the same section under a reworded or translated heading', () => {
  it('reads the anchor a title keeps: `{#id}`, `{ #id .class }`, an MDX id comment, an `id` attribute', () => {
    expect(['Rolling back {#rollback}', 'Set up { #setup .wide }', 'Usage {/usage/}', 'Ready? <a id="ready"></a>', 'Plain'].map(anchorOf)).toEqual([
      'rollback',
      'setup',
      'usage',
      'ready',
      undefined,
    ]);
  });

  it('pairs headings by title, then anchor, then most words, each under its parent’s counterpart', () => {
    const base = doc('# Guide\n\n## Install {#install}\n\ntext\n\n### Next steps\n\ntext\n\n## Usage\n\ntext\n\n## Legacy API\n\ntext\n');
    const head = doc('# Guide\n\n## Installation {#install}\n\ntext\n\n### Next Steps\n\ntext\n\n## Usage\n\ntext\n\n## Troubleshooting\n\ntext\n');
    expect([...sectionCounterparts(base, head)]).toEqual([
      ['Guide', ['Guide']],
      ['Guide\u0000Install {#install}', ['Guide', 'Installation {#install}']],
      ['Guide\u0000Install {#install}\u0000Next steps', ['Guide', 'Installation {#install}', 'Next Steps']],
      ['Guide\u0000Usage', ['Guide', 'Usage']],
    ]);
  });

  it('a glossary translated with its anchors kept reports no deleted section', () => {
    const en = `# Glossary\n\n${TERMS.map((term) => `${term.en}\n\n${term.enText}`).join('\n\n')}\n`;
    const zh = `# 术语表\n\n${TERMS.map((term) => `${term.zh}\n\n${term.zhText}`).join('\n\n')}\n`;
    const diff = comparePair(en, zh);
    // Each section's English text (≈ 60 tokens) left and its Chinese translation (≈ 60 tokens in
    // fewer characters) took its place under the same anchor: nothing left the index.
    expect(removed(diff)).toEqual([]);
    expect(lost(diff)).toEqual([]);
  });

  it('a page translated a little shorter, anchors kept, loses no section; without the anchors it seems to', () => {
    // Five sections of four sentences (≈ 16 tokens each) translated into two: each keeps its
    // anchor and loses two sentences (≈ 32 tokens), under the 50-token floor.
    const names = [
      ['alpha', 'premier'],
      ['beta', 'deuxieme'],
      ['gamma', 'troisieme'],
      ['delta', 'quatrieme'],
      ['epsilon', 'cinquieme'],
    ];
    const base = `# Guide\n\n${names.map(([en]) => `## ${en} {#${en}}\n\n${prose(en!, 4)}`).join('\n\n')}\n`;
    const head = `# Guide\n\n${names.map(([en, fr]) => `## ${fr} {#${en}}\n\n${prose(fr!, 2)}`).join('\n\n')}\n`;
    expect(removed(comparePair(base, head))).toEqual([]);
    // Without the anchors the five sections are new ones; their text (10 sentences) makes up for
    // the largest losses first, and what is left (10 of 20 sentences) shows as a section deleted whole.
    const bare = head.replace(/ \{#\w+\}/g, '');
    const deleted = removed(comparePair(base, bare));
    expect(deleted.length).toBeGreaterThanOrEqual(1);
    for (const message of deleted) expect(message).toMatch(/^Section “(\w+) \{#\1\}” deleted: about \d+ tokens of text left the index$/);
  });

  it('a heading reworded with most of its words, its section shortened, names the section, not its deletion', () => {
    const base = `# Guide\n\n## Setup\n\n${prose('setup', 3)}\n\n## Next steps {#next-steps}\n\n${prose('next', 8)}\n`;
    const head = `# Guide\n\n## Setup\n\n${prose('setup', 3)}\n\n## Next Steps {#next-steps}\n\n${prose('next', 2)}\n`;
    // Six of eight sentences left (about 6 × 17 = 100 tokens) from a section still there.
    const messages = removed(comparePair(base, head));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^About \d+ tokens of text left “Next steps \{#next-steps\}”$/);
  });

  it('heading-lost: a lone sub-heading deleted so its fields sit under a heading that names it more precisely is not lost', () => {
    const field = (name: string) => `#### \`${name}\`\n\n${prose(name, 2)}`;
    const base = `# Reference\n\n### \`SSRManifest\`\n\n${prose('manifest', 2)}\n\n#### \`csp\`\n\nThe CSP settings, described below.\n\n### \`SSRManifestCSP\`\n\nDescribes the content security policy configuration of the whole site.\n\n${field('algorithm')}\n\n${field('directives')}\n`;
    const head = `# Reference\n\n### \`SSRManifest\`\n\n${prose('manifest', 2)}\n\n#### \`SSRManifest.csp\`\n\nDescribes the content security policy configuration of the whole site.\n\n##### \`SSRManifest.csp.algorithm\`\n\n${prose('algorithm', 2)}\n\n##### \`SSRManifest.csp.directives\`\n\n${prose('directives', 2)}\n`;
    // Small chunks (max 96 tokens), so each field is a chunk of its own, named by its heading path.
    const options = { max: 96, min: 8 };
    expect(lost(comparePair(base, head, options))).toEqual([]);
    // Deleted with its text now under a heading that does not name it, it is lost, and gates.
    const merged = `# Reference\n\n### \`SSRManifest\`\n\n${prose('manifest', 2)}\n\nDescribes the content security policy configuration of the whole site.\n\n${field('algorithm')}\n\n${field('directives')}\n`;
    expect(lost(comparePair(base, merged, options))).toEqual([['SSRManifestCSP', true]]);
  });

  it('heading-lost: `### Steps` deleted under `## Install steps` is not lost; under a parent that does not name it, it is', () => {
    const steps = Array.from({ length: 5 }, (_, index) => `- Step ${index + 1}: run the installer stage number ${index + 1} and wait for it.`).join('\n');
    const base = `# Agent\n\n## Install\n\n${prose('install', 3)}\n\n### Steps\n\n${steps}\n\n## Usage\n\n${prose('usage', 3)}\n`;
    const precise = `# Agent\n\n## Install steps\n\n${prose('install', 3)}\n\n${steps}\n\n## Usage\n\n${prose('usage', 3)}\n`;
    expect(lost(comparePair(base, precise))).toEqual([]);
  });
});
