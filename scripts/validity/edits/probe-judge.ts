/**
 * The `probes` judge of the edit-level validity harness: retrieval probes from
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
  cause?: string | null;
  probes?: { kind: string; base: { rank: number | null; fits: boolean }; head: { rank: number | null; fits: boolean } }[];
  path?: string;
  line?: number;
}

/** The probes module's entry point, as this judge calls it. */
export type ProbeEntry = (input: {
  base: JudgeCase['base'];
  head: JudgeCase['head'];
  pages: { basePath: string; headPath: string }[];
  budget: number;
  kinds?: string[];
  simulation?: unknown;
}) => Promise<{ passages?: ProbePassage[]; gated?: boolean; reasons?: string[] }>;

/** What the probes judge runs and returns, beyond chunkgate's default probes and verdict. */
export interface ProbeOptions {
  /** Probe kinds to run instead of the default ones (`--probe-kinds`). */
  kinds?: string[];
  /** The shape of the `simulated` probes (`--simulation`, JSON). */
  simulation?: unknown;
  /**
   * `--dump-probes`: every passage of the page with a cause or none and each probe's base and
   * head stand, as JSON in the verdict's one reason (read by `curves.ts`); gated is then
   * meaningless.
   */
  dump?: boolean;
}

/** The probes judge, or why it cannot run (the module or its entry point is missing). */
export async function probeJudge(options: ProbeOptions = {}): Promise<{ judge: Judge } | { missing: string }> {
  const at = new URL('../../../src/probes/index.js', import.meta.url).href;
  let module: Record<string, unknown>;
  try {
    module = (await import(at)) as Record<string, unknown>;
  } catch (error) {
    return { missing: `src/probes/index.js could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
  const entry = (module.retrievalProbes ?? module.runProbes) as ProbeEntry | undefined;
  if (typeof entry !== 'function') return { missing: 'src/probes/index.js exports no retrievalProbes (nor runProbes)' };
  return { judge: probeJudgeOf(entry, options) };
}

/** A judge that runs `entry` on the edited page: gated when it says so, or when a passage it probed is harder to find (`regressed`). */
export function probeJudgeOf(entry: ProbeEntry, options: ProbeOptions = {}): Judge {
  return async ({ base, head, basePath, headPath }) => {
    const result = await entry({
      base,
      head,
      pages: [{ basePath, headPath }],
      budget: CONTEXT_BUDGET,
      ...(options.kinds ? { kinds: options.kinds } : {}),
      ...(options.simulation !== undefined ? { simulation: options.simulation } : {}),
    });
    if (options.dump) {
      const passages = (result.passages ?? []).map((passage) => ({ c: passage.cause ?? null, p: (passage.probes ?? []).map((s) => [s.kind, s.base.rank, s.base.fits, s.head.rank, s.head.fits]) }));
      return { gated: passages.length > 0, reasons: [JSON.stringify(passages)] };
    }
    if (typeof result.gated === 'boolean') return { gated: result.gated, reasons: result.reasons ?? [] };
    const regressed = (result.passages ?? []).filter((passage) => passage.regressed);
    return {
      gated: regressed.length > 0,
      reasons: regressed.map((passage) => `${passage.path ?? headPath}:${passage.line ?? '?'}${passage.cause ? ` ${passage.cause}` : ''}`),
    };
  };
}
