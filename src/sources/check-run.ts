import { electWinner, isInFlight, readsAs, supersededBy, supersededOutput, type ListedCheckRun } from './check-run-race.js';
import { createOnce } from './create-once.js';
import { isOwnApp, type TokenIdentity } from './github-identity.js';
import type { GitHubClient } from './octokit.js';

/** A check-run annotation (GitHub's shape). */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

/** GitHub accepts at most this many annotations per checks request. */
const ANNOTATION_BATCH = 50;

/** The check run {@link publishCheckRun} leaves on `head_sha`. */
export interface CheckRunRequest {
  owner: string;
  repo: string;
  head_sha: string;
  name: string;
  conclusion: 'success' | 'failure' | 'neutral';
  output: { title: string; summary: string; text?: string };
  annotations: CheckAnnotation[];
  /** Unique per run, sent as `external_id`: finds this run's check run after a lost answer. */
  externalId: string;
  /** Only check runs of the token's app are reused. */
  identity: TokenIdentity;
  /** Hears every annotation GitHub holds for the run, batch by batch (so a failure part-way knows what is left). */
  onDelivered?: (annotations: CheckAnnotation[]) => void;
  /** See `createOnce` (default: `1000`). */
  settleMs?: number;
  onNotice?: (message: string) => void;
}

/** What {@link publishCheckRun} did. */
export interface CheckRunResult {
  id: number;
  /** The check run's page on GitHub. */
  url?: string;
  action: 'created' | 'updated' | 'unchanged';
  /** Annotations sent by this call (those already on a reused run are not sent again). */
  sent: number;
  /** Set when another run writing at the same time won: its run holds the annotations, this one repeats its verdict. */
  supersededBy?: { id: number; url?: string };
  /** Other runs of the name on the commit brought in line with this one (left by a race or an earlier verdict). */
  aligned: number;
}

/** An annotation as sent or as listed back (GitHub returns absent fields as `null`). */
interface AnnotationLike {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: string | null;
  title?: string | null;
  message: string | null;
}

function annotationKey(a: AnnotationLike): string {
  return JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level ?? '', a.title ?? '', a.message ?? '']);
}

function batchesOf<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += ANNOTATION_BATCH) out.push(items.slice(start, start + ANNOTATION_BATCH));
  return out;
}

/**
 * Leaves one completed check run named `name` on `head_sha` with `conclusion`, `output` and
 * `annotations`, in as few and as small requests as it can:
 *
 * - The newest run of that name written by the token's app, unless another run is writing it
 *   or it is marked as superseded, is reused when every annotation it holds is still wanted
 *   (GitHub appends annotations on update and cannot remove them): only the missing ones are
 *   sent, and nothing at all when the run already says the same. Otherwise a new run is
 *   created and supersedes it.
 * - A new run with annotations is created `in_progress` and without them; the runs of the name
 *   are listed again, and only if it is the lowest id among the runs created meanwhile or still
 *   being written (`electWinner`) does it get the annotations. A run that lost takes the
 *   conclusion and, marked as superseded, the title and summary: two runs started together
 *   leave one run with annotations and the same verdict on both (GitHub cannot delete either).
 * - Then every other run of the name on the commit (a race's leftovers, older verdicts) is
 *   brought in line the same way, once: GitHub's required check reads the latest of the name.
 * - Annotations go 50 per request. The full summary (up to 65 KB) is sent with the conclusion,
 *   in the last request; earlier batches carry a one-line interim summary.
 * - The create goes through `createOnce` with `external_id`, so a lost answer never leaves
 *   two runs behind.
 */
export async function publishCheckRun(octokit: GitHubClient, check: CheckRunRequest): Promise<CheckRunResult> {
  const { owner, repo, head_sha, name, identity } = check;
  const delivered = check.onDelivered ?? (() => {});
  const notice = check.onNotice ?? (() => {});
  const listRuns = async (): Promise<ListedCheckRun[]> =>
    await octokit.paginate(octokit.rest.checks.listForRef, { owner, repo, ref: head_sha, check_name: name, filter: 'all', per_page: 100 });
  const listOurs = async () => (await listRuns()).filter((run) => isOwnApp(identity, run.app?.slug)).sort((a, b) => a.id - b.id);
  const final = { status: 'completed' as const, conclusion: check.conclusion };
  const urlOf = (run: { html_url?: string | null }) => (run.html_url ? { url: run.html_url } : {});

  /** Brings `others` in line with `winner` (best effort: the winner's own run is what counts). */
  const align = async (others: readonly ListedCheckRun[], winner: ListedCheckRun): Promise<number> => {
    const output = supersededOutput(check.output, { id: winner.id, url: winner.html_url }, name);
    let aligned = 0;
    for (const run of others) {
      if (run.id === winner.id || isInFlight(run, Date.now()) || readsAs(run, check.conclusion, output)) continue;
      try {
        await octokit.rest.checks.update({ owner, repo, check_run_id: run.id, ...final, output });
        aligned += 1;
      } catch (error) {
        notice(`could not bring check run #${run.id} in line with #${winner.id} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    if (aligned > 0) notice(`${aligned} other ${name} check ${aligned === 1 ? 'run' : 'runs'} on ${head_sha.slice(0, 7)} now ${aligned === 1 ? 'repeats' : 'repeat'} the verdict of #${winner.id}`);
    return aligned;
  };

  const before = await listOurs();
  let target = before.filter((run) => supersededBy(run) === null && !isInFlight(run, Date.now())).at(-1);
  let toSend = check.annotations;
  if (target) {
    const existing = (target.output?.annotations_count ?? 0) > 0
      ? await octokit.paginate(octokit.rest.checks.listAnnotations, { owner, repo, check_run_id: target.id, per_page: 100 })
      : [];
    const wanted = new Set(check.annotations.map(annotationKey));
    if (existing.every((annotation) => wanted.has(annotationKey(annotation)))) {
      const have = new Set(existing.map(annotationKey));
      toSend = check.annotations.filter((annotation) => !have.has(annotationKey(annotation)));
      delivered(check.annotations.filter((annotation) => have.has(annotationKey(annotation))));
      const output = target.output ?? {};
      const same =
        target.status === 'completed' &&
        target.conclusion === check.conclusion &&
        output.title === check.output.title &&
        output.summary === check.output.summary &&
        (output.text ?? null) === (check.output.text ?? null);
      if (same && toSend.length === 0) {
        return { id: target.id, ...urlOf(target), action: 'unchanged', sent: 0, aligned: await align(before, target) };
      }
    } else {
      target = undefined;
    }
  }

  const batches = batchesOf(toSend);
  const interim = (index: number) => ({
    title: check.output.title,
    summary: `${check.output.title}\n\nAdding annotations (batch ${index + 1} of ${batches.length})…`,
  });
  /** Sends the batches from `from` on to run `id`, the last one with the conclusion and the full output. */
  const fill = async (id: number, from: number) => {
    for (let index = from; index < batches.length - 1; index++) {
      await octokit.rest.checks.update({ owner, repo, check_run_id: id, output: { ...interim(index), annotations: batches[index]! } });
      delivered(batches[index]!);
    }
    const last = from < batches.length ? batches.at(-1)! : [];
    await octokit.rest.checks.update({ owner, repo, check_run_id: id, ...final, output: { ...check.output, annotations: last } });
    delivered(last);
  };

  if (target) {
    await fill(target.id, 0);
    return { id: target.id, ...urlOf(target), action: 'updated', sent: toSend.length, aligned: await align(before, target) };
  }

  // Without annotations there is nothing a second run could double: the run is complete at once.
  const quiet = batches.length === 0;
  const created = await createOnce<ListedCheckRun>({
    what: 'the check run',
    create: async () =>
      (
        await octokit.rest.checks.create({
          owner,
          repo,
          name,
          head_sha,
          external_id: check.externalId,
          ...(quiet ? { ...final, output: check.output } : { status: 'in_progress' as const, output: interim(0) }),
        })
      ).data,
    find: async () => (await listRuns()).find((run) => run.external_id === check.externalId) ?? null,
    ...(check.settleMs !== undefined ? { settleMs: check.settleMs } : {}),
    ...(check.onNotice ? { onNotice: check.onNotice } : {}),
  });
  const after = await listOurs();
  if (!after.some((run) => run.id === created.id)) after.push(created);
  const winnerId = electWinner(created.id, before, after, Date.now());
  if (winnerId !== created.id) {
    const winner = after.find((run) => run.id === winnerId)!;
    notice(`another run created check run #${winnerId} at the same time; it holds the annotations, and #${created.id} repeats the verdict`);
    await octokit.rest.checks.update({ owner, repo, check_run_id: created.id, ...final, output: supersededOutput(check.output, { id: winner.id, url: winner.html_url }, name) });
    return { id: created.id, ...urlOf(created), action: 'created', sent: 0, supersededBy: { id: winner.id, ...urlOf(winner) }, aligned: 0 };
  }
  if (!quiet) await fill(created.id, 0);
  // Runs created meanwhile lost to this one and align themselves; the older ones are aligned here.
  const older = after.filter((run) => before.some((seen) => seen.id === run.id));
  return { id: created.id, ...urlOf(created), action: 'created', sent: toSend.length, aligned: await align(older, created) };
}
