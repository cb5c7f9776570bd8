import { parseMarkdown } from '../markdown/parse.js';
import { boilerplateIssues, repeatedBlocks } from '../metrics/boilerplate.js';
import { issueOrder } from '../metrics/rules/index.js';
import type { ParsedDoc } from '../types.js';
import type { DocAnalysis } from './evaluate.js';

/**
 * Adds seed 001's cross-file `boilerplate` findings to the analyses of one side of a run: the
 * pages looked at are the analysed ones plus `others` (for a run with a golden set, every docs
 * file of that side; parsed here when not analysed already), and only the analysed pages get
 * findings. Returns new analyses, in order; scores are untouched (the findings never gate).
 *
 * What a run sees decides what it can find: `eval` looks at every file it evaluates; a pull request
 * looks at its changed files, and at the whole docs set when a golden set makes the run load it.
 */
export function withBoilerplate(analyses: readonly DocAnalysis[], others: readonly { path: string; text: string }[] = []): DocAnalysis[] {
  const analysed = new Set(analyses.map((analysis) => analysis.doc.path));
  const extra: { path: string; doc: ParsedDoc }[] = others
    .filter((file) => !analysed.has(file.path))
    .map((file) => ({ path: file.path, doc: parseMarkdown(file.path, file.text).doc }));
  const repeated = repeatedBlocks([...analyses.map((analysis) => ({ path: analysis.doc.path, doc: analysis.doc })), ...extra]);
  if (repeated.length === 0) return [...analyses];
  return analyses.map((analysis) => {
    const own = repeated.filter((block) => block.path === analysis.doc.path);
    if (own.length === 0) return analysis;
    const found = boilerplateIssues(analysis.chunks, own);
    const issues = analysis.chunks.map((_, index) => [...(analysis.issues[index] ?? []), ...found[index]!].sort(issueOrder));
    return { ...analysis, issues };
  });
}
