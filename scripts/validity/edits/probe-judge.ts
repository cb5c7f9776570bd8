/**
 * The `probes` judge of the edit-level validity harness: retrieval probes (issue 25) from
 * `src/probes/index.js`, loaded when the harness runs, so that the harness builds and runs
 * without that module (the judge is then skipped with a note).
 *
 * The contract it expects of the module: `retrievalProbes(input)` (or `runProbes`) taking
 * `{ base, head, pages: [{ basePath, headPath }], budget }` — every docs file of each side with
 * its chunks — and resolving to `{ passages: { regressed, path, line, cause }[] }` (a passage
 * harder to find gates) or to `{ gated, reasons }`.
 */
import type { Judge, JudgeCase } from './judges.js';
import { CONTEXT_BUDGET } from './truth.js';

interface ProbePassage {
  regressed: boolean;
  path?: string;
  line?: number;
  cause?: string | null;
}

/** The probes module's entry point, as this judge calls it. */
export type ProbeEntry = (input: {
  base: JudgeCase['base'];
  head: JudgeCase['head'];
  pages: { basePath: string; headPath: string }[];
  budget: number;
}) => Promise<{ passages?: ProbePassage[]; gated?: boolean; reasons?: string[] }>;

/** The probes judge, or why it cannot run (the module or its entry point is missing). */
export async function probeJudge(): Promise<{ judge: Judge } | { missing: string }> {
  const at = new URL('../../../src/probes/index.js', import.meta.url).href;
  let module: Record<string, unknown>;
  try {
    module = (await import(at)) as Record<string, unknown>;
  } catch (error) {
    return { missing: `src/probes/index.js could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
  const entry = (module.retrievalProbes ?? module.runProbes) as ProbeEntry | undefined;
  if (typeof entry !== 'function') return { missing: 'src/probes/index.js exports no retrievalProbes (nor runProbes)' };
  return { judge: probeJudgeOf(entry) };
}

/** A judge that runs `entry` on the edited page: gated when it says so, or when a passage it probed is harder to find (`regressed`). */
export function probeJudgeOf(entry: ProbeEntry): Judge {
  return async ({ base, head, basePath, headPath }) => {
    const result = await entry({ base, head, pages: [{ basePath, headPath }], budget: CONTEXT_BUDGET });
    if (typeof result.gated === 'boolean') return { gated: result.gated, reasons: result.reasons ?? [] };
    const regressed = (result.passages ?? []).filter((passage) => passage.regressed);
    return {
      gated: regressed.length > 0,
      reasons: regressed.map((passage) => `${passage.path ?? headPath}:${passage.line ?? '?'}${passage.cause ? ` ${passage.cause}` : ''}`),
    };
  };
}
