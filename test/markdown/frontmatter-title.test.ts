import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { plainYamlTitle } from '../../src/markdown/frontmatter-title.js';
import { parseMarkdown } from '../../src/markdown/parse.js';

/** What the YAML parser makes of the block's `title` (the slow path): a trimmed string, `''` for none, `null` when it throws. */
function parsedTitle(value: string): string | null {
  try {
    const data: unknown = parseYaml(value, { logLevel: 'error' });
    if (data && typeof data === 'object' && 'title' in data) {
      const title = data.title;
      return typeof title === 'string' ? title.trim() : '';
    }
    return '';
  } catch {
    return null;
  }
}

describe('plainYamlTitle', () => {
  it('reads the usual one-line titles without a parser', () => {
    expect(plainYamlTitle('title: Tauri RSS Feeds\ndescription: x')).toBe('Tauri RSS Feeds');
    expect(plainYamlTitle("sidebar: 2\ntitle: 'Strengthening Tauri: Our Partnership'\n")).toBe('Strengthening Tauri: Our Partnership');
    expect(plainYamlTitle('title: "Quoted, with # inside"\r\nlayout: post\r\n')).toBe('Quoted, with # inside');
    expect(plainYamlTitle('description: no title here\n')).toBe('');
  });

  it('leaves to the parser what only a parser can read', () => {
    for (const value of [
      'title: 2.0',
      'title: true',
      'title: null',
      'title: ~',
      'title: Foo # a comment',
      'title: Foo\n  continued',
      'title: >\n  folded',
      'title: |\n  literal',
      'title: &a Anchored',
      'title: !!str Tagged',
      'title: "escaped \\" quote"',
      "title: 'it''s'",
      'title: Two: colons',
      'title:',
      'title: one\ntitle: two',
      '"title": quoted key',
      '? title\n: complex',
      '{title: flow}',
      '%YAML 1.2\n---\ntitle: x',
      'title : spaced',
    ]) {
      expect(plainYamlTitle(value), value).toBeUndefined();
    }
  });

  it('agrees with the YAML parser on every front matter both can read', () => {
    const scalar = fc.oneof(
      fc.constantFrom('Guide', 'Install Tauri', 'Next.js', 'FAQ 2', 'a: b', '# x', "it's", 'true', '42', '-x', '[x]', '中文标题', ' padded ', 'x #y', 'A, B'),
      fc.string({ maxLength: 12 }),
    );
    const value = fc.oneof(scalar, scalar.map((s) => `"${s}"`), scalar.map((s) => `'${s}'`));
    const line = fc.oneof(
      value.map((v) => `title: ${v}`),
      value.map((v) => `description: ${v}`),
      fc.constantFrom('sidebar:\n  order: 2', '  indented: x', '# comment', '', 'tags: [a, b]', '- item', 'title:', '---'),
    );
    let decided = 0;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        const block = lines.join('\n');
        const fast = plainYamlTitle(block);
        if (fast === undefined) return;
        const slow = parsedTitle(block);
        // Deliberate: a plain title line is used even when the rest of the block is broken YAML.
        if (slow === null) return;
        decided += 1;
        expect(fast, block).toBe(slow);
      }),
      { numRuns: 3000, seed: 1616 },
    );
    expect(decided).toBeGreaterThan(500);
  });

  it('gives parseMarkdown the same titles as before', () => {
    expect(parseMarkdown('a.md', '---\ntitle: Hello\n---\n# A\n').doc.frontmatter?.title).toBe('Hello');
    expect(parseMarkdown('a.md', '---\ntitle: 2024\n---\n# A\n').doc.frontmatter?.title).toBeUndefined();
    expect(parseMarkdown('a.md', '---\ntitle: >\n  Folded\n  title\n---\n# A\n').doc.frontmatter?.title).toBe('Folded title');
  });
});
