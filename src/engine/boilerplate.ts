import { parseMarkdown } from '../markdown/parse.js';
import { boilerplateIssues, repeatedBlocks } from '../metrics/boilerplate.js';
import { applyRuleSettings, issueOrder } from '../metrics/rules/index.js';
import type { ParsedDoc } from '../types.js';
import type { DocAnalysis } from './evaluate.js';

/**
 * Adds the cross-file `boilerplate` findings to the analyses of one side of a run, in
 * place (they are the run's own, made just before; scoring comes after). The pages looked at are
 * the analysed ones plus `others` (for a run with a golden set, every docs file of that side;
 * parsed here when not analysed already); only analysed pages get findings. Scores are untouched:
 * the findings never gate. Returns the analyses.
 *
 * What a run sees decides what it can find: `eval` looks at every file it evaluates; a pull request
 * looks at its changed files, base and head apart, and at the whole docs set of each side when a
 * golden set makes the run load it.
 */
export function addBoilerplate<T extends DocAnalysis>(analyses: T[], others: readonly { path: string; text: string }[] = []): T[] {
  const analysed = new Set(analyses.map((analysis) => analysis.doc.path));
  const extra: { path: string; doc: ParsedDoc }[] = others
    .filter((file) => !analysed.has(file.path))
    .flatMap((file) => {
      // A page the parser cannot take (deep nesting) only leaves the comparison set; retrieval says so.
      try {
        return [{ path: file.path, doc: parseMarkdown(file.path, file.text).doc }];
      } catch {
        return [];
      }
    });
  const repeated = repeatedBlocks([...analyses.map((analysis) => ({ path: analysis.doc.path, doc: analysis.doc })), ...extra]);
  for (const analysis of analyses) {
    const own = repeated.filter((block) => block.path === analysis.doc.path);
    if (own.length === 0) continue;
    const found = boilerplateIssues(analysis.chunks, own);
    analysis.issues = analysis.chunks.map((_, index) => [...(analysis.issues[index] ?? []), ...applyRuleSettings(found[index]!, analysis.rules)].sort(issueOrder));
  }
  return analyses;
}
