/**
 * A loopback double of the GitHub REST API for the operations chunkgate calls.
 *
 * A `node:http` server on 127.0.0.1 (random port) over in-memory state. Every request is
 * checked against `fixtures/github-openapi.json` (GitHub's own OpenAPI description,
 * extracted by `scripts/extract-openapi.mjs`): an unknown route answers 404, a path/query
 * parameter or JSON body that breaks the operation's schema answers 422, and both are
 * recorded in `double.violations`, which tests assert stays empty. GitHub's semantic
 * rules that the schema cannot express (65,536-character comment bodies, review comments
 * outside the diff, 50 annotations per request, …) are enforced and recorded the same way.
 *
 * Lists paginate with `per_page` (default 30, max 100) / `page` and `Link` headers the way
 * GitHub writes them (`/repositories/<id>/…` URLs; `prev`, `next`, `last`, `first`).
 * `failNext` scripts faults (5xx, 403, 404, rate limits, lost answers, hangs) for matching requests.
 *
 * GraphQL is not part of the REST description: `POST /graphql` answers the one query chunkgate
 * sends (`query { viewer { login } }`) and records anything else as a violation.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The operations the double implements (GitHub operationIds). */
type OperationId =
  | 'pulls/list-files'
  | 'pulls/get'
  | 'repos/get-content'
  | 'issues/list-comments'
  | 'issues/create-comment'
  | 'issues/update-comment'
  | 'pulls/list-reviews'
  | 'pulls/list-review-comments'
  | 'pulls/create-review'
  | 'checks/create'
  | 'checks/update'
  | 'repos/compare-commits'
  | 'pulls/list'
  | 'issues/delete-comment'
  | 'checks/list-for-ref'
  | 'checks/list-annotations'
  | 'pulls/delete-review-comment'
  | 'pulls/update-review';

/** Operations the double serves beyond the REST fixture. */
type ExtraOperation = 'graphql';

export interface DoubleUser {
  login: string;
  id: number;
  type: 'User' | 'Bot';
}

/** A changed file of a pull request, as `pulls/list-files` reports it. */
export interface DoublePullFile {
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  previous_filename?: string;
  /** Omitted by GitHub for large diffs. */
  patch?: string;
}

interface DoublePull {
  number: number;
  headSha: string;
  baseSha: string;
  /** (default: `feature`) */
  headRef?: string;
  /** (default: `main`) */
  baseRef?: string;
  /** Head repository is a fork (default: `false`). */
  fork?: boolean;
  /** Owner of the head repository (default: `fork` for a fork, else the base owner). */
  headOwner?: string;
  /** (default: `open`) */
  state?: 'open' | 'closed';
  /** Older commits of the PR that reviews may target, besides `headSha` (default: `[]`). */
  commits?: string[];
  files: DoublePullFile[];
}

export interface DoubleComment {
  id: number;
  body: string;
  user: DoubleUser;
  created_at: string;
  updated_at: string;
  html_url?: string;
}

interface DoubleReview {
  id: number;
  body: string;
  state: string;
  commit_id: string;
  user: DoubleUser;
  submitted_at: string;
  html_url?: string;
}

interface DoubleReviewComment {
  id: number;
  pull_request_review_id: number;
  path: string;
  line: number | null;
  start_line: number | null;
  side: string;
  start_side: string | null;
  body: string;
  commit_id: string;
  user: DoubleUser;
  created_at: string;
}

interface DoubleAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: string;
  message: string;
  title?: string;
}

export interface DoubleCheckRun {
  id: number;
  name: string;
  head_sha: string;
  external_id: string | null;
  /** Slug of the app that wrote it: the token user's login without `[bot]`. */
  app: string;
  status: string;
  conclusion: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  /** All annotations, appended across create and updates. */
  annotations: DoubleAnnotation[];
  /** ISO time: the create's `started_at`, else when it was created (real time, as GitHub's clock). */
  started_at: string;
  /** ISO time it completed, or `null`. */
  completed_at: string | null;
}

/** The in-memory repository the double serves; tests may read and mutate it directly. */
interface GitHubDoubleState {
  owner: string;
  repo: string;
  /** Numeric id used in `Link` URLs (`/repositories/<id>/…`). */
  repositoryId: number;
  defaultBranch: string;
  pulls: DoublePull[];
  /** File text per ref (branch name or sha), per repository-relative path. */
  contents: Record<string, Record<string, string>>;
  /** Issue (and PR) comments per issue number. */
  issueComments: Record<number, DoubleComment[]>;
  reviews: Record<number, DoubleReview[]>;
  reviewComments: Record<number, DoubleReviewComment[]>;
  checkRuns: DoubleCheckRun[];
  /** `repos/compare-commits` answers, keyed `base...head`. */
  compares: Record<string, { mergeBaseSha: string; files?: DoublePullFile[] }>;
}

interface RecordedRequest {
  method: string;
  /** Path as received (before `/repositories/<id>` is mapped to `/repos/<owner>/<repo>`). */
  path: string;
  query: Record<string, string>;
  body: unknown;
  operation: OperationId | ExtraOperation | null;
  headers: { accept?: string; authorization?: string };
  /** When the request arrived (ms since the epoch). */
  at: number;
}

export interface Violation {
  kind: 'unknown-route' | 'unknown-repo' | 'invalid-json' | 'invalid-params' | 'invalid-body' | 'semantic';
  method: string;
  path: string;
  operation: OperationId | ExtraOperation | null;
  errors: string[];
}

/** A scripted response for {@link GitHubDouble.failNext}. A string body is sent as `text/html`. */
export interface FaultResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Apply the request for real, then send this response instead of GitHub's: a lost answer. */
  apply?: boolean;
  /** Never answer (until the client gives up or the double closes). */
  hang?: boolean;
  /** Close the connection without an answer. */
  reset?: boolean;
}

/** Which requests a fault applies to: an operation, or any predicate. */
type RequestMatcher = OperationId | ExtraOperation | ((request: RecordedRequest) => boolean);

/** Token behaviour: who the token acts as, and whether it may write (fork PRs may not). */
interface DoubleToken {
  /** (default: the double's `actor`) */
  user?: DoubleUser;
  /** Writes answer 403 `Resource not accessible by integration` (default: `false`). */
  readOnly?: boolean;
}

export interface GitHubDoubleOptions {
  /** (default: `acme`) */
  owner?: string;
  /** (default: `docs`) */
  repo?: string;
  /** (default: `main`) */
  defaultBranch?: string;
  /** Author of writes made with unknown or no tokens (default: `github-actions[bot]`, a Bot). */
  actor?: DoubleUser;
  tokens?: Record<string, DoubleToken>;
  /** Initial state, merged over the empty state. */
  state?: Partial<Omit<GitHubDoubleState, 'owner' | 'repo'>>;
}

export interface GitHubDouble {
  /** Base URL for Octokit's `baseUrl` / `GITHUB_API_URL`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  state: GitHubDoubleState;
  requests: RecordedRequest[];
  violations: Violation[];
  /** Answers the next `responses.length` requests matching `matcher` with `responses`, in order. */
  failNext(matcher: RequestMatcher, responses: FaultResponse[]): void;
  /**
   * A barrier: requests matching `matcher` wait until `count` of them have arrived, then are
   * all handled at once, in the order they arrived; later ones pass. Makes concurrent runs
   * interleave deterministically (each has listed before any of them writes).
   */
  hold(matcher: RequestMatcher, count: number): void;
  /** Scripted fault responses not yet served. */
  pendingFaults(): number;
  /** Fresh id for seeded comments, reviews and check runs. */
  nextId(): number;
  /** Recorded requests of one operation. */
  requestsOf(operation: OperationId | ExtraOperation): RecordedRequest[];
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest';
/** Where the double's objects say they live on the web (their `html_url`). */
const WEB = 'https://github.example';

/** Responses GitHub sends in the failure modes chunkgate must survive. */
export const faults = {
  serverError: (): FaultResponse => ({ status: 500, body: { message: 'Server Error' } }),
  badGateway: (): FaultResponse => ({ status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  notFound: (): FaultResponse => ({ status: 404, body: { message: 'Not Found', documentation_url: DOCS, status: '404' } }),
  /** What a fork PR's read-only `GITHUB_TOKEN` gets on writes. */
  integrationForbidden: (): FaultResponse => ({
    status: 403,
    body: { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' },
  }),
  secondaryRateLimit: (retryAfterSeconds = 1): FaultResponse => ({
    status: 403,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
      documentation_url:
        'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: '403',
    },
  }),
  /** A 429 without GitHub's rate-limit message: only its `retry-after` says how long to wait. */
  tooManyRequests: (retryAfterSeconds: number): FaultResponse => ({
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: { message: 'Too Many Requests', documentation_url: DOCS, status: '429' },
  }),
  /** GitHub applies the write, but the answer is lost behind a 502. */
  lostResponse: (): FaultResponse => ({ status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', apply: true }),
  /** GitHub applies the write, and the connection drops before the answer. */
  lostConnection: (): FaultResponse => ({ status: 0, apply: true, reset: true }),
  /** No answer at all. */
  hang: (): FaultResponse => ({ status: 0, hang: true }),
  primaryRateLimit: (resetInSeconds = 1): FaultResponse => ({
    status: 403,
    headers: {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + resetInSeconds),
    },
    body: {
      message: 'API rate limit exceeded for installation ID 1.',
      documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
      status: '403',
    },
  }),
};

interface FixtureParameter {
  name: string;
  in: string;
  required: boolean;
  multiSegment?: boolean;
  schema: Record<string, unknown>;
}

interface FixtureOperation {
  method: string;
  path: string;
  parameters: FixtureParameter[];
  requestBody: { required: boolean; schema: Record<string, unknown> } | null;
}

interface Route {
  id: OperationId;
  method: string;
  pattern: RegExp;
  names: string[];
  checkParams: ValidateFunction;
  checkBody: ValidateFunction | null;
  bodyRequired: boolean;
}

/** Compiles each fixture operation into a matcher and two ajv validators (built once per process). */
function compileRoutes(): Route[] {
  const fixture = JSON.parse(readFileSync(new URL('../../fixtures/github-openapi.json', import.meta.url), 'utf8')) as {
    operations: Record<OperationId, FixtureOperation>;
  };
  // Path and query values arrive as strings: coerce them to the declared types, as GitHub does.
  const paramsAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: true });
  const bodyAjv = new Ajv({ allErrors: true, strict: false });
  addFormats(paramsAjv);
  addFormats(bodyAjv);
  return (Object.entries(fixture.operations) as [OperationId, FixtureOperation][]).map(([id, op]) => {
    const names: string[] = [];
    const source = op.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{(.+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return op.parameters.find((p) => p.name === name)?.multiSegment ? '(.+)' : '([^/]+?)';
      })
      .join('');
    const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
    const checkParams = paramsAjv.compile({
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.required).map((p) => p.name),
      // GitHub ignores unknown query parameters; flagging them catches typos like `perPage`.
      additionalProperties: false,
    });
    let checkBody: ValidateFunction | null = null;
    if (op.requestBody) {
      const schema = { ...op.requestBody.schema };
      // Likewise for unknown top-level body fields, which GitHub silently drops.
      if (schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
      checkBody = bodyAjv.compile(schema);
    }
    return {
      id,
      method: op.method,
      pattern: new RegExp(`^${source}$`),
      names,
      checkParams,
      checkBody,
      bodyRequired: op.requestBody?.required ?? false,
    };
  });
}

let routes: Route[] | null = null;

function explain(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** Git's blob id of `text`, which GitHub reports as a file's `sha`. */
function blobSha(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Head-side line ranges of a patch's hunks: GitHub accepts RIGHT-side review comments inside them. */
function hunkRanges(patch: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(match[1]);
    const length = match[2] === undefined ? 1 : Number(match[2]);
    if (length > 0) ranges.push([start, start + length - 1]);
  }
  return ranges;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly violation?: Violation['kind'],
  ) {
    super(`HTTP ${status}`);
  }
}

function validationFailed(resource: string, message: string): HttpError {
  return new HttpError(
    422,
    { message: 'Validation Failed', errors: [{ resource, code: 'custom', message }], documentation_url: DOCS, status: '422' },
    'semantic',
  );
}

const notFound = () => new HttpError(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });

/** Starts the double; `close()` it in `afterEach`. */
export async function startGitHubDouble(options: GitHubDoubleOptions = {}): Promise<GitHubDouble> {
  routes ??= compileRoutes();
  const actor: DoubleUser = options.actor ?? { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
  const state: GitHubDoubleState = {
    owner: options.owner ?? 'acme',
    repo: options.repo ?? 'docs',
    repositoryId: 1296269,
    defaultBranch: options.defaultBranch ?? 'main',
    pulls: [],
    contents: {},
    issueComments: {},
    reviews: {},
    reviewComments: {},
    checkRuns: [],
    compares: {},
    ...options.state,
  };
  const requests: RecordedRequest[] = [];
  const violations: Violation[] = [];
  const scripted: { matcher: RequestMatcher; responses: FaultResponse[] }[] = [];
  const barriers: { matcher: RequestMatcher; count: number; waiting: (() => void)[] }[] = [];
  const matches = (matcher: RequestMatcher, record: RecordedRequest) => (typeof matcher === 'string' ? matcher === record.operation : matcher(record));
  let lastId = 1000;
  let clock = Date.parse('2024-01-01T00:00:00Z');
  const nextId = () => ++lastId;
  const now = () => new Date((clock += 1000)).toISOString().replace('.000Z', 'Z');
  let url = '';

  const pullOf = (number: number): DoublePull => {
    const pull = state.pulls.find((p) => p.number === number);
    if (!pull) throw notFound();
    return pull;
  };

  /** Slices `items` by `per_page`/`page` and sets a GitHub-style `Link` header. */
  const paginate = <T>(items: T[], query: Record<string, string>, path: string, headers: Record<string, string>): T[] => {
    const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const repoPath = path.replace(`/repos/${state.owner}/${state.repo}`, `/repositories/${state.repositoryId}`);
    const link = (target: number, rel: string) => {
      const params = new URLSearchParams(Object.entries(query).filter(([key]) => key !== 'page'));
      params.set('page', String(target));
      return `<${url}${repoPath}?${params}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
    if (page > 1) links.push(link(1, 'first'));
    if (links.length > 0) headers.link = links.join(', ');
    return items.slice((page - 1) * perPage, page * perPage);
  };

  const headOwnerOf = (pull: DoublePull) => pull.headOwner ?? (pull.fork ? 'fork' : state.owner);
  const pullJson = (pull: DoublePull) => {
    const full = `${state.owner}/${state.repo}`;
    return {
      id: pull.number + 100000,
      number: pull.number,
      state: pull.state ?? 'open',
      title: `Pull ${pull.number}`,
      html_url: `${WEB}/${full}/pull/${pull.number}`,
      user: { login: 'alice', id: 1, type: 'User' },
      head: { sha: pull.headSha, ref: pull.headRef ?? 'feature', label: `${headOwnerOf(pull)}:${pull.headRef ?? 'feature'}`, repo: { full_name: `${headOwnerOf(pull)}/${state.repo}`, fork: !!pull.fork } },
      base: { sha: pull.baseSha, ref: pull.baseRef ?? state.defaultBranch, repo: { full_name: full, fork: false } },
    };
  };

  const fileJson = (file: DoublePullFile) => ({
    sha: blobSha(file.filename),
    filename: file.filename,
    status: file.status,
    additions: 1,
    deletions: 1,
    changes: 2,
    blob_url: `https://github.com/${state.owner}/${state.repo}/blob/HEAD/${file.filename}`,
    raw_url: `https://github.com/${state.owner}/${state.repo}/raw/HEAD/${file.filename}`,
    contents_url: `${url}/repos/${state.owner}/${state.repo}/contents/${file.filename}`,
    ...(file.patch !== undefined ? { patch: file.patch } : {}),
    ...(file.previous_filename !== undefined ? { previous_filename: file.previous_filename } : {}),
  });

  const checkCommentBody = (body: string) => {
    if (body.length > 65536) throw validationFailed('IssueComment', 'Body is too long (maximum is 65536 characters)');
  };

  type Handler = (input: {
    params: Record<string, string>;
    query: Record<string, string>;
    body: Record<string, unknown>;
    path: string;
    accept: string;
    user: DoubleUser;
    headers: Record<string, string>;
  }) => { status: number; body: unknown; raw?: string };

  const handlers: Record<OperationId, Handler> = {
    'pulls/list-files': ({ params, query, path, headers }) => {
      const files = pullOf(Number(params.pull_number)).files.map(fileJson);
      return { status: 200, body: paginate(files, query, path, headers) };
    },
    'pulls/get': ({ params }) => ({ status: 200, body: pullJson(pullOf(Number(params.pull_number))) }),
    'pulls/list': ({ query, path, headers }) => {
      const wanted = query.state ?? 'open';
      let pulls = state.pulls.filter((pull) => wanted === 'all' || (pull.state ?? 'open') === wanted);
      if (query.head !== undefined) {
        // GitHub's form is `user:ref-name`; the owner is the head repository's.
        const [owner, ref] = query.head.includes(':') ? query.head.split(':', 2) : [state.owner, query.head];
        pulls = pulls.filter((pull) => headOwnerOf(pull) === owner && (pull.headRef ?? 'feature') === ref);
      }
      if (query.base !== undefined) pulls = pulls.filter((pull) => (pull.baseRef ?? state.defaultBranch) === query.base);
      return { status: 200, body: paginate(pulls.map(pullJson), query, path, headers) };
    },
    'repos/get-content': ({ params, query, accept }) => {
      const ref = query.ref ?? state.defaultBranch;
      const files = state.contents[ref];
      if (!files) throw notFound();
      const path = params.path!.replace(/^\/+|\/+$/g, '');
      const text = files[path];
      if (text === undefined) {
        const prefix = `${path}/`;
        const entries = new Map<string, 'file' | 'dir'>();
        for (const name of Object.keys(files)) {
          if (!name.startsWith(prefix)) continue;
          const rest = name.slice(prefix.length);
          const slash = rest.indexOf('/');
          entries.set(slash === -1 ? rest : rest.slice(0, slash), slash === -1 ? 'file' : 'dir');
        }
        if (entries.size === 0) throw notFound();
        return {
          status: 200,
          body: [...entries].sort().map(([name, type]) => ({ type, name, path: `${prefix}${name}`, sha: blobSha(`${prefix}${name}`) })),
        };
      }
      if (/\.raw(\+json)?\b/.test(accept)) return { status: 200, body: null, raw: text };
      const base64 = Buffer.from(text, 'utf8').toString('base64');
      return {
        status: 200,
        body: {
          type: 'file',
          encoding: 'base64',
          size: Buffer.byteLength(text, 'utf8'),
          name: path.slice(path.lastIndexOf('/') + 1),
          path,
          sha: blobSha(text),
          content: (base64.match(/.{1,60}/g) ?? []).join('\n') + '\n',
        },
      };
    },
    'issues/list-comments': ({ params, query, path, headers }) => {
      const number = Number(params.issue_number);
      if (!state.issueComments[number] && !state.pulls.some((p) => p.number === number)) throw notFound();
      return { status: 200, body: paginate(state.issueComments[number] ?? [], query, path, headers) };
    },
    'issues/create-comment': ({ params, body, user }) => {
      const number = Number(params.issue_number);
      if (!state.issueComments[number] && !state.pulls.some((p) => p.number === number)) throw notFound();
      checkCommentBody(String(body.body));
      const time = now();
      const id = nextId();
      const comment: DoubleComment = { id, body: String(body.body), user, created_at: time, updated_at: time, html_url: `${WEB}/${state.owner}/${state.repo}/pull/${number}#issuecomment-${id}` };
      (state.issueComments[number] ??= []).push(comment);
      return { status: 201, body: comment };
    },
    'issues/delete-comment': ({ params, user }) => {
      const id = Number(params.comment_id);
      for (const comments of Object.values(state.issueComments)) {
        const index = comments.findIndex((c) => c.id === id);
        if (index === -1) continue;
        if (comments[index]!.user.login !== user.login) throw new HttpError(403, { message: 'Must have admin rights to Repository.', documentation_url: DOCS, status: '403' });
        comments.splice(index, 1);
        return { status: 204, body: undefined };
      }
      throw notFound();
    },
    'issues/update-comment': ({ params, body }) => {
      const id = Number(params.comment_id);
      const comment = Object.values(state.issueComments)
        .flat()
        .find((c) => c.id === id);
      if (!comment) throw notFound();
      checkCommentBody(String(body.body));
      comment.body = String(body.body);
      comment.updated_at = now();
      return { status: 200, body: comment };
    },
    'pulls/list-reviews': ({ params, query, path, headers }) => {
      pullOf(Number(params.pull_number));
      return { status: 200, body: paginate(state.reviews[Number(params.pull_number)] ?? [], query, path, headers) };
    },
    'pulls/list-review-comments': ({ params, query, path, headers }) => {
      pullOf(Number(params.pull_number));
      return { status: 200, body: paginate(state.reviewComments[Number(params.pull_number)] ?? [], query, path, headers) };
    },
    'pulls/delete-review-comment': ({ params, user }) => {
      const id = Number(params.comment_id);
      for (const comments of Object.values(state.reviewComments)) {
        const index = comments.findIndex((c) => c.id === id);
        if (index === -1) continue;
        if (comments[index]!.user.login !== user.login) throw new HttpError(403, { message: 'Must have admin rights to Repository.', documentation_url: DOCS, status: '403' });
        comments.splice(index, 1);
        return { status: 204, body: undefined };
      }
      throw notFound();
    },
    'pulls/update-review': ({ params, body, user }) => {
      const review = (state.reviews[Number(params.pull_number)] ?? []).find((r) => r.id === Number(params.review_id));
      if (!review) throw notFound();
      if (review.user.login !== user.login) throw new HttpError(403, { message: 'Must have admin rights to Repository.', documentation_url: DOCS, status: '403' });
      checkCommentBody(String(body.body));
      review.body = String(body.body);
      return { status: 200, body: review };
    },
    'pulls/create-review': ({ params, body, user }) => {
      const pull = pullOf(Number(params.pull_number));
      const commit = typeof body.commit_id === 'string' ? body.commit_id : pull.headSha;
      if (commit !== pull.headSha && !(pull.commits ?? []).includes(commit)) {
        throw validationFailed('PullRequestReview', 'commit_id is not part of the pull request');
      }
      const comments = (body.comments ?? []) as { path: string; line?: number; start_line?: number; side?: string; start_side?: string; body: string }[];
      if ((body.event === 'COMMENT' || body.event === 'REQUEST_CHANGES') && !body.body && comments.length === 0) {
        throw validationFailed('PullRequestReview', 'Body is required for COMMENT and REQUEST_CHANGES');
      }
      for (const c of comments) {
        const file = pull.files.find((f) => f.filename === c.path);
        if (!file) throw validationFailed('PullRequestReviewComment', `Path could not be resolved: ${c.path}`);
        if (c.line === undefined) throw validationFailed('PullRequestReviewComment', 'line is required (position is deprecated)');
        if (c.start_line !== undefined && c.start_line >= c.line) {
          throw validationFailed('PullRequestReviewComment', 'start_line must precede line');
        }
        const ranges = hunkRanges(file.patch ?? '');
        const inDiff = (line: number) => ranges.some(([from, to]) => line >= from && line <= to);
        if (!inDiff(c.line) || (c.start_line !== undefined && !inDiff(c.start_line))) {
          throw validationFailed('PullRequestReviewComment', `Line could not be resolved: ${c.path}:${c.line}`);
        }
      }
      const reviewId = nextId();
      const review: DoubleReview = {
        id: reviewId,
        body: String(body.body ?? ''),
        state: 'COMMENTED',
        commit_id: commit,
        user,
        submitted_at: now(),
        html_url: `${WEB}/${state.owner}/${state.repo}/pull/${pull.number}#pullrequestreview-${reviewId}`,
      };
      (state.reviews[pull.number] ??= []).push(review);
      for (const c of comments) {
        (state.reviewComments[pull.number] ??= []).push({
          id: nextId(),
          pull_request_review_id: review.id,
          path: c.path,
          line: c.line ?? null,
          start_line: c.start_line ?? null,
          side: c.side ?? 'RIGHT',
          start_side: c.start_side ?? null,
          body: c.body,
          commit_id: commit,
          user,
          created_at: review.submitted_at,
        });
      }
      return { status: 200, body: review };
    },
    'checks/create': ({ body, user }) => {
      if (user.type !== 'Bot') throw new HttpError(403, { message: 'You must authenticate via a GitHub App.', documentation_url: DOCS, status: '403' });
      if (body.status === 'completed' && body.conclusion === undefined) {
        throw validationFailed('CheckRun', 'conclusion is required when status is completed');
      }
      const output = (body.output ?? {}) as { title?: string; summary?: string; text?: string; annotations?: DoubleAnnotation[] };
      const run: DoubleCheckRun = {
        id: nextId(),
        name: String(body.name),
        head_sha: String(body.head_sha),
        external_id: typeof body.external_id === 'string' ? body.external_id : null,
        app: user.login.replace(/\[bot\]$/, ''),
        status: body.conclusion !== undefined ? 'completed' : String(body.status ?? 'queued'),
        conclusion: (body.conclusion as string | undefined) ?? null,
        output: { title: output.title ?? null, summary: output.summary ?? null, text: output.text ?? null },
        annotations: [...(output.annotations ?? [])],
        started_at: typeof body.started_at === 'string' ? body.started_at : new Date().toISOString(),
        completed_at: body.conclusion !== undefined ? new Date().toISOString() : null,
      };
      state.checkRuns.push(run);
      return { status: 201, body: checkRunJson(run) };
    },
    'checks/update': ({ params, body }) => {
      const run = state.checkRuns.find((r) => r.id === Number(params.check_run_id));
      if (!run) throw notFound();
      const output = body.output as { title?: string; summary?: string; text?: string; annotations?: DoubleAnnotation[] } | undefined;
      if (output) {
        run.output = { title: output.title ?? run.output.title, summary: output.summary ?? run.output.summary, text: output.text ?? run.output.text };
        run.annotations.push(...(output.annotations ?? []));
      }
      if (body.conclusion !== undefined) {
        run.conclusion = String(body.conclusion);
        run.status = 'completed';
        run.completed_at = new Date().toISOString();
      } else if (body.status !== undefined) run.status = String(body.status);
      return { status: 200, body: checkRunJson(run) };
    },
    'checks/list-for-ref': ({ params, query, path, headers }) => {
      let runs = state.checkRuns.filter((run) => run.head_sha === params.ref);
      if (query.check_name !== undefined) runs = runs.filter((run) => run.name === query.check_name);
      if (query.status !== undefined) runs = runs.filter((run) => run.status === query.status);
      // `latest` (the default) keeps the newest run per name.
      if ((query.filter ?? 'latest') === 'latest') runs = runs.filter((run) => !runs.some((other) => other.name === run.name && other.id > run.id));
      const all = [...runs].sort((a, b) => b.id - a.id).map(checkRunJson);
      return { status: 200, body: { total_count: all.length, check_runs: paginate(all, query, path, headers) } };
    },
    'checks/list-annotations': ({ params, query, path, headers }) => {
      const run = state.checkRuns.find((r) => r.id === Number(params.check_run_id));
      if (!run) throw notFound();
      const annotations = run.annotations.map((a) => ({
        path: a.path,
        start_line: a.start_line,
        end_line: a.end_line,
        start_column: null,
        end_column: null,
        annotation_level: a.annotation_level,
        title: a.title ?? null,
        message: a.message,
        raw_details: null,
        blob_href: `${WEB}/${state.owner}/${state.repo}/blob/${run.head_sha}/${a.path}`,
      }));
      return { status: 200, body: paginate(annotations, query, path, headers) };
    },
    'repos/compare-commits': ({ params, query, path, headers }) => {
      const key = `${params.base}...${params.head}`;
      const compare = state.compares[key];
      if (!compare) throw notFound();
      const files = (compare.files ?? []).map(fileJson);
      return {
        status: 200,
        body: {
          status: 'ahead',
          ahead_by: 1,
          behind_by: 0,
          total_commits: 1,
          base_commit: { sha: params.base },
          merge_base_commit: { sha: compare.mergeBaseSha },
          commits: [],
          files: paginate(files, query, path, headers),
        },
      };
    },
  };

  const checkRunJson = (run: DoubleCheckRun) => ({
    id: run.id,
    name: run.name,
    head_sha: run.head_sha,
    external_id: run.external_id,
    html_url: `${WEB}/${state.owner}/${state.repo}/runs/${run.id}`,
    app: { slug: run.app, name: run.app },
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: { ...run.output, annotations_count: run.annotations.length, annotations_url: `${url}/repos/${state.owner}/${state.repo}/check-runs/${run.id}/annotations` },
  });

  const send = (res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}, raw?: string) => {
    const headers: Record<string, string> = {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': '1',
      'x-ratelimit-resource': 'core',
      'x-github-request-id': `DOUBLE:${requests.length}`,
    };
    let payload = '';
    if (raw !== undefined) {
      headers['content-type'] = 'application/vnd.github.raw; charset=utf-8';
      payload = raw;
    } else if (typeof body === 'string') {
      headers['content-type'] = 'text/html; charset=utf-8';
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json; charset=utf-8';
      payload = JSON.stringify(body);
    }
    res.writeHead(status, { ...headers, ...extra });
    res.end(payload);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const target = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const query = Object.fromEntries(target.searchParams);
    const prefix = `/repositories/${state.repositoryId}/`;
    const path = target.pathname.startsWith(prefix)
      ? `/repos/${state.owner}/${state.repo}/${target.pathname.slice(prefix.length)}`
      : target.pathname;
    let body: unknown;
    let badJson = false;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      badJson = true;
      body = text;
    }
    const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : undefined);
    const record: RecordedRequest = {
      method,
      path: target.pathname,
      query,
      body,
      operation: null,
      headers: { ...(header('accept') ? { accept: header('accept') } : {}), ...(header('authorization') ? { authorization: header('authorization') } : {}) },
      at: Date.now(),
    };
    requests.push(record);
    if (method === 'POST' && path === '/graphql' && !badJson) return graphql(req, res, record, body, header('authorization'));
    const violate = (kind: Violation['kind'], errors: string[]) =>
      violations.push({ kind, method, path: target.pathname, operation: record.operation, errors });

    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of routes!) {
      if (candidate.method !== method) continue;
      match = candidate.pattern.exec(path);
      if (match) {
        route = candidate;
        break;
      }
    }
    if (!route || !match) {
      violate('unknown-route', [`No operation in the fixture for ${method} ${target.pathname}`]);
      return send(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    }
    record.operation = route.id;
    const params: Record<string, string> = {};
    try {
      route.names.forEach((name, index) => (params[name] = decodeURIComponent(match[index + 1]!)));
    } catch {
      violate('invalid-params', ['Malformed percent-encoding in path']);
      return send(res, 400, { message: 'Bad Request' });
    }
    if (badJson) {
      violate('invalid-json', ['Request body is not JSON']);
      return send(res, 400, { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' });
    }
    const paramData: Record<string, unknown> = { ...query, ...params };
    if (!route.checkParams(paramData)) {
      const errors = explain(route.checkParams.errors);
      violate('invalid-params', errors);
      return send(res, 422, { message: 'Invalid request.', errors, documentation_url: DOCS, status: '422' });
    }
    if (route.checkBody) {
      const errors = body === undefined ? (route.bodyRequired ? ['(root) body is required'] : []) : route.checkBody(body) ? [] : explain(route.checkBody.errors);
      if (errors.length > 0) {
        violate('invalid-body', errors);
        return send(res, 422, { message: 'Invalid request.', errors, documentation_url: DOCS, status: '422' });
      }
    } else if (body !== undefined) {
      violate('invalid-body', [`${route.id} takes no request body`]);
      return send(res, 422, { message: 'Invalid request.', documentation_url: DOCS, status: '422' });
    }
    if (params.owner !== state.owner || params.repo !== state.repo) {
      violate('unknown-repo', [`The double serves ${state.owner}/${state.repo}, not ${params.owner}/${params.repo}`]);
      return send(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    }

    const token = /^(?:token|bearer)\s+(.+)$/i.exec(header('authorization') ?? '')?.[1];
    const tokenInfo = token ? options.tokens?.[token] : undefined;
    const id = route.id;
    return answer(req, res, record, violate, () => {
      if (tokenInfo?.readOnly && method !== 'GET') throw new HttpError(faults.integrationForbidden().status, faults.integrationForbidden().body);
      const headers: Record<string, string> = {};
      const result = handlers[id]({
        params,
        query,
        body: (body ?? {}) as Record<string, unknown>,
        path,
        accept: header('accept') ?? '',
        user: tokenInfo?.user ?? actor,
        headers,
      });
      return { ...result, headers };
    });
  };

  /**
   * Sends what `run` (the real handling) answers, unless a scripted fault matches the request:
   * then its response — after running the request for real when the fault says `apply` (a lost
   * answer), or no answer at all (`hang`, `reset`). A request that a {@link GitHubDouble.hold}
   * barrier matches waits there first.
   */
  const answer = async (
    req: IncomingMessage,
    res: ServerResponse,
    record: RecordedRequest,
    violate: (kind: Violation['kind'], errors: string[]) => void,
    run: () => { status: number; body: unknown; raw?: string; headers: Record<string, string> },
  ) => {
    const attempt = () => {
      try {
        return run();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.violation) violate(error.violation, [JSON.stringify(error.body)]);
        return { status: error.status, body: error.body, headers: {} };
      }
    };
    const barrier = barriers.find((b) => b.waiting.length < b.count && matches(b.matcher, record));
    if (barrier) {
      await new Promise<void>((resolve) => {
        barrier.waiting.push(resolve);
        // Resolved in arrival order, so the held requests are handled in that order.
        if (barrier.waiting.length === barrier.count) for (const release of barrier.waiting) release();
      });
    }
    const fault = scripted.find((s) => s.responses.length > 0 && matches(s.matcher, record));
    if (!fault) {
      const result = attempt();
      return send(res, result.status, result.body, result.headers, 'raw' in result ? result.raw : undefined);
    }
    const response = fault.responses.shift()!;
    if (response.apply) attempt();
    // Left open: the client's timeout (or close()) ends it.
    if (response.hang) return;
    if (response.reset) return void req.socket.destroy();
    return send(res, response.status, response.body, response.headers);
  };

  /** `POST /graphql`: only the viewer query chunkgate sends. */
  const graphql = (req: IncomingMessage, res: ServerResponse, record: RecordedRequest, body: unknown, authorization: string | undefined) => {
    record.operation = 'graphql';
    const violate = (kind: Violation['kind'], errors: string[]) => violations.push({ kind, method: 'POST', path: '/graphql', operation: 'graphql', errors });
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string' || !/^\s*(query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query)) {
      violate('invalid-body', [`The double answers only { viewer { login } }, not ${JSON.stringify(query)}`]);
      return send(res, 200, { errors: [{ message: 'unsupported query' }] });
    }
    const token = /^(?:token|bearer)\s+(.+)$/i.exec(authorization ?? '')?.[1];
    const user = (token ? options.tokens?.[token]?.user : undefined) ?? actor;
    return answer(req, res, record, violate, () => ({ status: 200, body: { data: { viewer: { login: user.login } } }, headers: {} }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push({ kind: 'semantic', method: req.method ?? '', path: req.url ?? '', operation: null, errors: [`Double crashed: ${String(error)}`] });
      if (!res.headersSent) send(res, 500, { message: 'Double crashed' });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    state,
    requests,
    violations,
    failNext: (matcher, responses) => void scripted.push({ matcher, responses: [...responses] }),
    hold: (matcher, count) => void barriers.push({ matcher, count, waiting: [] }),
    pendingFaults: () => scripted.reduce((sum, s) => sum + s.responses.length, 0),
    nextId,
    requestsOf: (operation) => requests.filter((r) => r.operation === operation),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
