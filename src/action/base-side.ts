import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isIncluded } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { RetrievalInput, SourceText } from '../engine/retrieval.js';
import { parseGolden } from '../golden/load.js';
import { isMarkdownPath } from '../sources/changed-file.js';
import { exportTree } from '../sources/git.js';
import { readFilesAt } from '../sources/git-blobs.js';
import { denseFor } from '../sources/llm.js';
import type { FileReader } from './pairs.js';

/**
 * The golden set (from the merge base, like the config: a PR cannot rewrite the questions
 * it is graded on) and every docs file at both commits. Needs the commits checked out;
 * through the API alone retrieval is skipped with a notice.
 */
export async function goldenInput(
  config: Config,
  reader: FileReader,
  workspace: string,
  base: string,
  head: string,
  apiKey: string | null,
): Promise<{ input?: RetrievalInput; notices: string[] }> {
  const text = await reader.read(base, config.golden.file);
  if (text === null) return { notices: [] };
  if (reader.via !== 'git') {
    return { notices: [`golden set ${config.golden.file} skipped: retrieval needs the base and head commits checked out (actions/checkout with fetch-depth: 0)`] };
  }
  const golden = parseGolden(text, config.golden.file);
  // Every docs file of both commits in two git processes, each distinct blob read once.
  const [baseFiles, headFiles] = await readFilesAt(workspace, [base, head], (path) => isMarkdownPath(path) && isIncluded(config, path));
  const side = (files: Map<string, string>): SourceText[] => [...files].map(([path, text]) => ({ path, text }));
  const dense = denseFor(config, { apiKey, root: workspace });
  return { input: { golden, base: side(baseFiles!), head: side(headFiles!), ...(dense ? { dense } : {}) }, notices: [] };
}

/**
 * Where an `external` chunker runs: a copy of the merge-base tree, so the script the base
 * config names is the base's script too — a PR cannot change the code chunkgate executes.
 * Without the commits checked out, the workspace (the PR's code) with a warning notice.
 */
export async function trustedTree(
  config: Config,
  reader: FileReader,
  workspace: string,
  base: string,
  env: NodeJS.ProcessEnv,
): Promise<{ dir: string; notices: string[] }> {
  const external = config.chunking.strategy === 'external' || config.overrides.some((o) => o.chunking?.strategy === 'external');
  if (!external) return { dir: workspace, notices: [] };
  if (reader.via !== 'git') {
    return {
      dir: workspace,
      notices: ['the external chunker ran from the workspace (the PR\'s code): check out with fetch-depth: 0 so it runs from the base commit'],
    };
  }
  const dir = await mkdtemp(join(env.RUNNER_TEMP ?? tmpdir(), 'chunkgate-base-'));
  await exportTree(workspace, base, dir);
  return { dir, notices: [] };
}
