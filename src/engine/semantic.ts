import { createHash } from 'node:crypto';
import type { Config } from '../config/types.js';
import { judgeChunks, type JudgeCache, type JudgeProvider } from '../metrics/content/llm/index.js';
import type { SemanticScorer } from './compare-files.js';
import { scoreDocument } from './evaluate.js';

/**
 * The settings that change what a chunk means to the judge (part of every cache key):
 * the chunking options and the content weights. Paths and thresholds are not in it, so
 * a renamed file or a changed threshold costs nothing.
 */
function configDigest(config: Config): string {
  const relevant = { chunking: config.chunking, overrides: config.overrides.map((o) => o.chunking ?? null) };
  return createHash('sha256').update(JSON.stringify(relevant)).digest('hex').slice(0, 16);
}

/**
 * The `llm` scorer: judges every analysed document (base and head together, so chunks
 * unchanged between them are judged once, or come from the cache) and rebuilds each
 * DocEval with the judge's content metrics; each judged chunk keeps the verdict as `judge`
 * (reasoning, strengths, weaknesses, chunk issues, the five rubric scores). Chunks where the
 * judge failed keep their heuristic scores and are marked `partial`; the notices say how many and why.
 */
export function llmScorer(config: Config, provider: JudgeProvider, cache: JudgeCache): SemanticScorer {
  return async (analyses) => {
    const result = await judgeChunks(
      {
        docs: analyses.map((analysis) => ({ doc: analysis.doc, chunks: analysis.chunks, heuristic: analysis.heuristic })),
        model: config.llm.model,
        configDigest: configDigest(config),
        maxConcurrency: config.llm.maxConcurrency,
        timeoutMs: config.llm.timeout * 3,
        ...(config.llm.prices ? { prices: config.llm.prices } : {}),
      },
      provider,
      cache,
    );
    const reasons = new Map<string, number>();
    const evals = analyses.map((analysis, index) => {
      const judged = result.perDoc[index]!;
      const fallback = new Set<number>();
      judged.fallback.forEach((reason, chunk) => {
        if (reason === null) return;
        fallback.add(chunk);
        const code = reason.split(':', 1)[0]!;
        reasons.set(code, (reasons.get(code) ?? 0) + 1);
      });
      const evaluated = scoreDocument(analysis, judged.metrics, fallback);
      // The judge's words stay with the chunk they are about (JSON, comment, HTML chunk map).
      judged.llm.forEach((verdict, chunk) => {
        if (verdict) evaluated.chunks[chunk]!.judge = verdict;
      });
      return evaluated;
    });
    const fellBack = [...reasons.values()].reduce((sum, count) => sum + count, 0);
    const notices =
      fellBack === 0
        ? []
        : [
            `LLM judge: ${fellBack} chunk${fellBack === 1 ? '' : 's'} fell back to heuristic scores (${[...reasons]
              .map(([code, count]) => `${count} ${code}`)
              .join(', ')}); the run is partial`,
          ];
    return { evals, cost: result.cost, partial: result.partial, notices };
  };
}
