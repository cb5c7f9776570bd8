/**
 * How runs of chunkgate that write the same check run at once (a `synchronize` fired twice, a
 * re-run started beside the first) agree on one, as pure functions of what GitHub lists.
 * GitHub cannot delete a check run or remove an annotation, so duplicates are prevented where
 * possible (a run adds annotations only after it has won) and otherwise made to agree: every
 * other run of the name on the commit carries the winner's conclusion, title and summary, with
 * a hidden mark naming the winner.
 */

/** A check run as `checks.listForRef` lists it, with the fields read here. */
export interface ListedCheckRun {
  id: number;
  html_url?: string | null;
  status?: string;
  conclusion?: string | null;
  started_at?: string | null;
  external_id?: string | null;
  app?: { slug?: string } | null;
  output?: { title?: string | null; summary?: string | null; text?: string | null; annotations_count?: number };
}

/** A check run's output as sent. */
export interface CheckOutput {
  title: string;
  summary: string;
  text?: string;
}

/**
 * How long a run may stay `in_progress` and still count as being written by a live run. A run
 * sends at most 11 requests to its check run, each bounded by the client's timeouts and retry
 * budget; one older than this was left by a job that died.
 */
const IN_FLIGHT_MS = 15 * 60_000;

/** GitHub's limit for a check run's summary. */
const SUMMARY_LIMIT = 65_535;

const MARK = /^<!-- chunkgate:superseded-by:(\d+) -->\n/;

/** The id of the run that `run` says supersedes it (its summary's hidden mark), or `null`. */
export function supersededBy(run: ListedCheckRun): number | null {
  const match = MARK.exec(run.output?.summary ?? '');
  return match ? Number(match[1]) : null;
}

/** True while another live run is still writing `run`: not completed, started less than {@link IN_FLIGHT_MS} ago. */
export function isInFlight(run: ListedCheckRun, nowMs: number): boolean {
  if (run.status === 'completed') return false;
  const started = Date.parse(run.started_at ?? '');
  return Number.isFinite(started) && nowMs - started < IN_FLIGHT_MS;
}

/**
 * The run that holds the annotations, after this run created `mine`: the lowest id among
 * `mine` and its rivals — runs that appeared between the listing `before` the create and the
 * listing `after` it, and runs that were in flight `before`. The later of two creators always
 * sees the earlier one, so both elect the same run.
 */
export function electWinner(mine: number, before: readonly ListedCheckRun[], after: readonly ListedCheckRun[], nowMs: number): number {
  const earlier = new Map(before.map((run) => [run.id, run]));
  const rivals = after.filter((run) => {
    if (run.id === mine) return false;
    const seen = earlier.get(run.id);
    return seen === undefined || isInFlight(seen, nowMs);
  });
  return Math.min(mine, ...rivals.map((run) => run.id));
}

/**
 * The output of a run superseded by `winner`: the hidden mark, one line pointing to the winner,
 * then the winner's title and summary, so that whichever run of the name GitHub shows reads the
 * same (cut to GitHub's 65,535 characters).
 */
export function supersededOutput(output: CheckOutput, winner: { id: number; url?: string | null | undefined }, name: string): CheckOutput {
  const link = winner.url ? `[#${winner.id}](${winner.url})` : `#${winner.id}`;
  const head =
    `<!-- chunkgate:superseded-by:${winner.id} -->\n` +
    `> Another run of \`${name.replace(/`/g, "'")}\` on this commit wrote check run ${link}, which holds the annotations; ` +
    'this one repeats its conclusion and summary so that every run of the name agrees.\n\n';
  const summary = head + output.summary;
  return {
    title: output.title,
    summary: summary.length > SUMMARY_LIMIT ? `${summary.slice(0, SUMMARY_LIMIT - 1)}…` : summary,
    ...(output.text !== undefined ? { text: output.text } : {}),
  };
}

/** True when `run` already reads as `output` with `conclusion` (nothing to send). */
export function readsAs(run: ListedCheckRun, conclusion: string, output: CheckOutput): boolean {
  const listed = run.output ?? {};
  return (
    run.status === 'completed' &&
    run.conclusion === conclusion &&
    listed.title === output.title &&
    listed.summary === output.summary &&
    (output.text === undefined || (listed.text ?? null) === output.text)
  );
}
