import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { compareWithBaseline, configHashOf, gatingItems, parseBaseline, type GatingItem } from '../compare/baseline.js';
import { parseConfig } from '../config/load.js';
import { isIncluded } from '../config/resolve.js';
import type { Config, FailOn } from '../config/types.js';
import type { RetrievalInput } from '../engine/retrieval.js';
import { evaluateSnapshot, type SnapshotFile } from '../engine/snapshot.js';
import { parseGolden } from '../golden/load.js';
import type { AuditBaseline } from '../report/audit.js';
import type { FileSources } from '../report/html/types.js';
import { isMarkdownPath } from '../sources/changed-file.js';
import { externalChunker } from '../sources/external-chunker.js';
import { readDocsAt } from '../sources/git-blobs.js';
import { fetchCommits, hasCommit, listFilesAt, showFile } from '../sources/git.js';
import { denseFor, embeddingsFor, semanticFor } from '../sources/llm.js';
import type { Report } from '../types.js';
import { VERSION } from '../version.js';
import { trustedTree } from './base-side.js';
import { withInputs } from './evaluate.js';
import type { AuditContext } from './event.js';
import type { ActionInputs } from './inputs.js';
import type { FileReader } from './sides.js';

/** A commit audited whole, with what the renderers and publishers need. */
export interface AuditEvaluation {
  report: Report;
  sources: FileSources[];
  /** The config at the audited commit (before the action's inputs). */
  config: Config;
  configFound: boolean;
  notices: string[];
  /** What gates: the `fail-on` input, else the config's. */
  failOn: FailOn[];
}

/**
 * Reads the commit with git, fetching it into the checkout when it is missing (as data, never
 * checked out). An audit reads every docs file, far too many for one request each, so without
 * git it stops with what to add.
 */
async function commitReader(workspace: string, sha: string): Promise<FileReader> {
  if (!(await hasCommit(workspace, sha).catch(() => false))) {
    const fetched = await fetchCommits(workspace, [sha]);
    if (!fetched.ok || !(await hasCommit(workspace, sha).catch(() => false))) {
      throw new Error(
        `The audit reads every Markdown file at ${sha.slice(0, 7)} with git, and that commit is not in ${workspace}` +
          `${fetched.ok ? '' : ` (git fetch: ${fetched.error.split('\n')[0]})`}: add actions/checkout before chunkgate.`,
      );
    }
    core.info(`Fetched ${sha.slice(0, 7)} from origin as data (not checked out)`);
  }
  return { via: 'git', read: (ref, path) => showFile(workspace, ref, path), readDocs: (ref, paths) => readDocsAt(workspace, ref, paths) };
}

/**
 * Evaluates every Markdown file the config includes at the audited commit, with that commit's
 * config and golden set (a push to the default branch is trusted: it is what PRs are judged
 * against), through the engine's snapshot path ({@link evaluateSnapshot}).
 */
export async function evaluateAudit(audit: AuditContext, inputs: ActionInputs, workspace: string, env: NodeJS.ProcessEnv): Promise<AuditEvaluation> {
  const { sha } = audit;
  const reader = await commitReader(workspace, sha);
  const configText = await reader.read(sha, inputs.configPath);
  const config = parseConfig(configText ?? '', configText === null ? '(defaults)' : inputs.configPath);
  const paths = (await listFilesAt(workspace, sha)).filter((path) => isMarkdownPath(path) && isIncluded(config, path));
  core.info(`chunkgate ${VERSION}: audit of ${sha.slice(0, 7)}${audit.ref ? ` (${audit.ref})` : ''} for ${audit.event}: ${paths.length} Markdown files`);
  // Through the guarded reader: a file that cannot be checked is an `unchecked` finding, not a skip.
  const docs = await reader.readDocs(sha, paths);
  const read = paths.map((path) => ({ path, doc: docs.get(path) ?? null }));
  const files = read.flatMap(({ path, doc }): SnapshotFile[] =>
    doc === null ? [] : 'text' in doc ? [{ path, text: doc.text }] : [{ path, text: null, unreadable: doc.problem }],
  );
  const failOn = inputs.failOn ?? config.thresholds.failOn;
  const effective = withInputs(config, inputs);
  const semantic = semanticFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const embeddings = embeddingsFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const chunkerDir = await trustedTree(effective, reader, workspace, sha, env);
  const { report, notices, sources } = await evaluateSnapshot(files, {
    config: effective,
    failOn,
    ...(semantic ? { semantic } : {}),
    ...(await retrievalOf(effective, reader, sha, files, { apiKey: inputs.openaiApiKey, root: workspace })),
    externalChunks: externalChunker(chunkerDir),
    commits: { base: null, head: sha },
    ...(embeddings ? { embeddings } : {}),
  });
  return { report, sources, config, configFound: configText !== null, notices, failOn };
}

/** The golden set at the commit, retrieved over the files just read (base and head are the same snapshot). */
async function retrievalOf(
  config: Config,
  reader: FileReader,
  sha: string,
  files: SnapshotFile[],
  settings: { apiKey: string | null; root: string },
): Promise<{ retrieval?: RetrievalInput }> {
  const text = await reader.read(sha, config.golden.file);
  if (text === null) return {};
  const dense = denseFor(config, settings);
  const texts = files.flatMap((file) => (file.text === null ? [] : [{ path: file.path, text: file.text }]));
  return { retrieval: { golden: parseGolden(text, config.golden.file), base: texts, head: texts, ...(dense ? { dense } : {}) } };
}

/** The `baseline-report` file as it was before this run wrote anything: missing, unreadable, or its report. */
export async function readBaseline(workspace: string, path: string): Promise<{ name: string } & ({ status: 'missing' } | { status: 'invalid'; error: string } | { status: 'read'; text: string })> {
  const full = resolve(workspace, path);
  try {
    return { name: path, status: 'read', text: await readFile(full, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { name: path, status: 'missing' };
    return { name: path, status: 'invalid', error: `${path}: unreadable (${code ?? (error instanceof Error ? error.message : String(error))})` };
  }
}

/**
 * Compares the audit's gating findings (`gating`, of `report`) with the baseline's under the same
 * `failOn`, by identity (see `compareWithBaseline`); `added` holds items of `gating` itself.
 */
export function againstBaseline(
  read: Awaited<ReturnType<typeof readBaseline>> | null,
  report: Report,
  gating: readonly GatingItem[],
  failOn: readonly FailOn[],
): AuditBaseline | null {
  if (read === null) return null;
  if (read.status !== 'read') return read;
  try {
    const baseline = parseBaseline(read.text, read.name);
    const delta = compareWithBaseline(gating, gatingItems(baseline, failOn));
    const before = configHashOf(baseline);
    const now = report.provenance?.configHash ?? null;
    return { status: 'compared', name: read.name, delta, configChanged: before !== null && now !== null && before !== now };
  } catch (error) {
    return { status: 'invalid', name: read.name, error: error instanceof Error ? error.message : String(error) };
  }
}
