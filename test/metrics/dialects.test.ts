/**
 * Docs-site syntax is not broken prose: one fixture per dialect — Hugo shortcodes,
 * Docusaurus / Starlight admonitions, MkDocs admonitions and tabs, Liquid tags, MDX JSX
 * components, a generated footer — chunked with the defaults and with a tiny `max` that forces
 * cuts, then held to the rules: no orphan heading, no code split, no chunk ending that reads as a
 * lead-in, and a container's closing line is a clean chunk end.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { analyzeDocument, scoreDocument } from '../../src/engine/evaluate.js';
import { informationCompletenessDetails } from '../../src/metrics/content/heuristic/information-completeness.js';

const dir = fileURLToPath(new URL('../../fixtures/dialects/', import.meta.url));
const config = defaultConfig();

function evaluate(name: string, max: number) {
  const chunking = { ...config.chunking, max, min: 8, tiny: 4 };
  const analysis = analyzeDocument(name, readFileSync(`${dir}${name}`, 'utf8'), { chunking, weights: config.scoring.weights });
  const evaluation = scoreDocument(analysis);
  const introducers = informationCompletenessDetails({ doc: analysis.doc, chunks: analysis.chunks, options: chunking }).flatMap((detail) =>
    detail.findings.filter((finding) => finding.code === 'ends-with-introducer'),
  );
  return { analysis, evaluation, introducers, tags: evaluation.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag)) };
}

describe.each(['hugo.md', 'docusaurus.mdx', 'mkdocs.md', 'liquid.md', 'jsx.mdx', 'footer.md'])('%s', (name) => {
  it('ends every chunk cleanly with the default max: container ends and components count as block ends', () => {
    const { evaluation, introducers, tags } = evaluate(name, 512);
    expect(evaluation.metrics.boundary_integrity).toBe(100);
    expect(tags.filter((tag) => tag === 'orphan-heading' || tag === 'code-fence-split' || tag === 'sentence-cut')).toEqual([]);
    expect(introducers).toEqual([]);
  });

  it('reads no docs-site line as an orphan heading, a code split or a lead-in when max forces cuts', () => {
    const { tags, introducers } = evaluate(name, 40);
    expect(tags.filter((tag) => tag === 'orphan-heading' || tag === 'code-fence-split')).toEqual([]);
    expect(introducers).toEqual([]);
  });
});

describe('dialect specifics', () => {
  it('MkDocs: an admonition body is Markdown — its fence is a fenced code block — and its title stays with it', () => {
    const { analysis } = evaluate('mkdocs.md', 40);
    const code = analysis.doc.blocks.find((block) => block.kind === 'code')!;
    expect(analysis.doc.source.slice(code.fence!.open!.start, code.fence!.open!.end)).toBe('``` yaml');
    expect(code.startLine).toBe(13);
    // No chunk ends on `!!! note "Budget"` or `=== "Plain"`, cut from the body it opens.
    for (const chunk of analysis.chunks) expect(chunk.text.trimEnd()).not.toMatch(/(!!!|===) .*$/);
  });

  it('MDX: a code fence nested in <Steps> list items stays in one chunk when the component is split', () => {
    const { analysis } = evaluate('jsx.mdx', 40);
    // The yaml fence spans lines 14–20; the component (lines 9–23) is over max 40 and split by lines.
    expect(analysis.doc.blocks.find((block) => block.kind === 'jsx')!.fences).toHaveLength(1);
    const holders = analysis.chunks.filter((chunk) => chunk.startLine <= 20 && chunk.endLine >= 14);
    expect(holders).toHaveLength(1);
    expect(holders[0]!.startLine).toBeLessThanOrEqual(14);
    expect(holders[0]!.endLine).toBeGreaterThanOrEqual(20);
  });

  it('a generated footer is no orphan heading even though it ends the last chunk', () => {
    const { evaluation } = evaluate('footer.md', 512);
    expect(evaluation.chunks.at(-1)!.text.trimEnd().endsWith('do not edit')).toBe(true);
    expect(evaluation.chunks.at(-1)!.issues.map((issue) => issue.tag)).not.toContain('orphan-heading');
  });
});
