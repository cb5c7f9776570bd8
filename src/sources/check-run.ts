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
}

interface ListedRun {
  id: number;
  html_url?: string | null;
  status?: string;
  conclusion?: string | null;
  external_id?: string | null;
  app?: { slug?: string } | null;
  output?: { title?: string | null; summary?: string | null; text?: string | null; annotations_count?: number };
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
 * - The newest run of that name written by the token's app is reused when every annotation
 *   it holds is still wanted (GitHub appends annotations on update and cannot remove them):
 *   only the missing ones are sent, and nothing at all when the run already says the same.
 *   Otherwise a new run is created and supersedes it (GitHub shows the newest).
 * - Annotations go 50 per request. The full summary (up to 65 KB) is sent once, with the
 *   conclusion, in the last request; earlier batches carry a one-line interim summary.
 * - The create goes through `createOnce` with `external_id`, so a lost answer never leaves
 *   two runs behind.
 */
export async function publishCheckRun(octokit: GitHubClient, check: CheckRunRequest): Promise<CheckRunResult> {
  const { owner, repo, head_sha, name, identity } = check;
  const delivered = check.onDelivered ?? (() => {});
  const listRuns = async (): Promise<ListedRun[]> =>
    (await octokit.paginate(octokit.rest.checks.listForRef, { owner, repo, ref: head_sha, check_name: name, filter: 'all', per_page: 100 }));

  let target = (await listRuns()).filter((run) => isOwnApp(identity, run.app?.slug)).sort((a, b) => b.id - a.id)[0];
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
      if (same && toSend.length === 0) return { id: target.id, ...(target.html_url ? { url: target.html_url } : {}), action: 'unchanged', sent: 0 };
    } else {
      target = undefined;
    }
  }

  const batches = batchesOf(toSend);
  const final = { status: 'completed' as const, conclusion: check.conclusion };
  const interim = (index: number) => ({
    title: check.output.title,
    summary: `${check.output.title}\n\nAdding annotations (batch ${index + 1} of ${batches.length})…`,
  });
  let id: number;
  let url: string | null | undefined;
  let next = 0;
  if (target) {
    id = target.id;
    url = target.html_url;
  } else {
    const first = batches[0] ?? [];
    const single = batches.length <= 1;
    const created = await createOnce<ListedRun>({
      what: 'the check run',
      create: async () =>
        (
          await octokit.rest.checks.create({
            owner,
            repo,
            name,
            head_sha,
            external_id: check.externalId,
            ...(single ? { ...final, output: { ...check.output, annotations: first } } : { status: 'in_progress' as const, output: { ...interim(0), annotations: first } }),
          })
        ).data,
      find: async () => (await listRuns()).find((run) => run.external_id === check.externalId) ?? null,
      ...(check.settleMs !== undefined ? { settleMs: check.settleMs } : {}),
      ...(check.onNotice ? { onNotice: check.onNotice } : {}),
    });
    id = created.id;
    url = created.html_url;
    delivered(first);
    if (single) return { id, ...(url ? { url } : {}), action: 'created', sent: first.length };
    next = 1;
  }
  for (let index = next; index < batches.length - 1; index++) {
    await octokit.rest.checks.update({ owner, repo, check_run_id: id, output: { ...interim(index), annotations: batches[index]! } });
    delivered(batches[index]!);
  }
  const last = next < batches.length ? batches.at(-1)! : [];
  await octokit.rest.checks.update({ owner, repo, check_run_id: id, ...final, output: { ...check.output, annotations: last } });
  delivered(last);
  return { id, ...(url ? { url } : {}), action: target ? 'updated' : 'created', sent: toSend.length };
}
