/**
 * A paired Hugo shortcode that wraps code (`{{< clients-example … >}}` … `{{< /clients-example >}}`)
 * is one atomic code block, so a chunk boundary inside it is a code split that gates.
 * Fixture: fixtures/shortcodes/clients-example (hand-written, Redis docs style).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { comparePair } from '../compare/pair.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/shortcodes/clients-example/${name}`, import.meta.url), 'utf8');
const base = fixture('base.md');
const head = fixture('head.md');

const blocks = (source: string, path = 'docs/page.md') =>
  parseMarkdown(path, source).doc.blocks.map((block) => [block.kind, block.startLine, block.endLine]);

describe('Hugo shortcodes that wrap code', () => {
  it('reads a clients-example pair as one code block fenced by its shortcode lines', () => {
    // Base: H1 L5, intro L7, H2 L9, lead-in L11, the pair L13–L20 (opening, 6 lines, closing), L22.
    expect(blocks(base)).toEqual([
      ['heading', 5, 5],
      ['paragraph', 7, 7],
      ['heading', 9, 9],
      ['paragraph', 11, 11],
      ['code', 13, 20],
      ['paragraph', 22, 22],
    ]);
    const pair = parseMarkdown('docs/page.md', base).doc.blocks[4]!;
    const text = (span: { start: number; end: number } | null | undefined) => (span ? base.slice(span.start, span.end) : null);
    expect(pair.atomic).toBe(true);
    expect(text(pair.fence?.open)).toBe('{{< clients-example hash_tutorial set_get_all >}}');
    expect(text(pair.fence?.close)).toBe('{{< /clients-example >}}');
    expect(pair.fence?.lines.map(text)).toEqual([
      "> HSET bike:1 model Deimos brand Ergonom type 'Enduro bikes' price 4972",
      '(integer) 4',
      '> HGET bike:1 model',
      '"Deimos"',
      '> HGET bike:1 price',
      '"4972"',
    ]);
  });

  it('keeps shortcodes around prose, self-closing ones and text tab panes as they were', () => {
    const source = [
      '{{% alert title="Note" %}}',
      'Hashes take constant time.',
      '{{% /alert %}}',
      '',
      '{{< tab header="Config:" disabled=true />}}',
      '',
      '{{< tabpane text=true >}}',
      '{{% tab header="English" lang="en" %}}',
      'Welcome!',
      '{{% /tab %}}',
      '{{< /tabpane >}}',
      '',
    ].join('\n');
    expect(blocks(source)).toEqual([
      ['paragraph', 1, 3],
      ['paragraph', 5, 5],
      ['paragraph', 7, 11],
    ]);
  });

  it('reads a highlight pair, a language tab pane and a pair around a fence as code, a `# comment` inside included', () => {
    const source = [
      '{{< highlight bash >}}',
      'echo one',
      '',
      '# not a heading',
      'echo two',
      '{{< /highlight >}}',
      '',
      '{{< tabpane >}}',
      '{{< tab header="toml" lang="toml" >}}',
      'x = 1',
      '{{< /tab >}}',
      '{{< /tabpane >}}',
      '',
      '{{% tab header="Shell" %}}',
      '```sh',
      'make',
      '```',
      '{{% /tab %}}',
      '',
    ].join('\n');
    expect(blocks(source)).toEqual([
      ['code', 1, 6],
      ['code', 8, 12],
      ['code', 14, 18],
    ]);
  });

  it('keeps the pair whole in one chunk while it fits: no cut between the shortcode and its commands', () => {
    const diff = comparePair(base, base.replace('Most hash commands', `${'Hash fields expire one by one. '.repeat(60)}Most hash commands`));
    const holder = diff.head!.chunks.filter((chunk) => chunk.text.includes('clients-example'));
    expect(holder).toHaveLength(1);
    expect(holder[0]!.text).toContain("{{< clients-example hash_tutorial set_get_all >}}\n> HSET bike:1 model Deimos brand Ergonom type 'Enduro bikes' price 4972\n(integer) 4");
    expect(holder[0]!.text).toContain('"4972"\n{{< /clients-example >}}');
    expect(diff.regressions.filter((regression) => regression.gating)).toEqual([]);
  });

  it('gates a pair grown past `max` and cut in pieces as a code split, each piece re-wrapped in the shortcode', () => {
    const diff = comparePair(base, head);
    const gating = diff.regressions.filter((regression) => regression.gating);
    expect(gating.length).toBeGreaterThanOrEqual(2);
    for (const regression of gating) {
      expect(regression.newTags).toEqual(['code-fence-split']);
      expect(regression.head.text).toMatch(/^(?:[^\n]*\n)*\{\{< clients-example hash_tutorial set_get_all >\}\}\n/);
      expect(regression.head.text.trimEnd()).toMatch(/\{\{< \/clients-example >\}\}$/);
    }
    // Every command line of the head example sits in exactly one piece, with its output.
    const pieces = gating.map((regression) => regression.head.text).join('\n');
    expect(pieces.match(/^> HSET /gm)).toHaveLength(25);
    expect(pieces).toContain('> HGETALL bike:25\n1) "model"\n2) "Model25"');
  });
});
