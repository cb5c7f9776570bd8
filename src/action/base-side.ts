import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isIncluded } from '../config/resolve.js';
import { probeSettings, type Config } from '../config/types.js';
import type { RetrievalInput, SourceText } from '../engine/retrieval.js';
import { parseGolden } from '../golden/load.js';
import { isMarkdownPath } from '../sources/changed-file.js';
import { usesExternalChunker } from '../sources/external-chunker.js';
import { exportTree } from '../sources/git.js';
import type { DocText } from '../sources/doc-text.js';
import { readFilesAt } from '../sources/git-blobs.js';
import { denseFor } from '../sources/llm.js';
import type { FileReader } from './sides.js';

/**
 * The golden set (from the merge base, like the config: a PR cannot rewrite the questions
 * it is graded on) and every docs file at both commits. Needs the commits in the checkout (see `locateSides`);
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
  const probes = probeSettings(config).probes !== 'off';
  if (text === null && !probes) return { notices: [] };
  if (reader.via !== 'git') {
    const what = [...(text !== null ? [`golden set ${config.golden.file}`] : []), ...(probes ? ['retrieval probes'] : [])].join(' and ');
    return { notices: [`${what} skipped: retrieval needs the base and head commits in a git checkout (add actions/checkout before chunkgate)`] };
  }
  const golden = text === null ? undefined : parseGolden(text, config.golden.file);
  // Every docs file of both commits in two git processes, each distinct blob read once, through
  // the guarded decoder: a file that cannot be checked is left out of the index (the changed
  // ones among them are `unchecked` findings already).
  const [baseFiles, headFiles] = await readFilesAt(workspace, [base, head], (path) => isMarkdownPath(path) && isIncluded(config, path));
  const side = (files: Map<string, DocText>): SourceText[] => [...files].flatMap(([path, read]) => ('text' in read ? [{ path, text: read.text }] : []));
  const dense = denseFor(config, { apiKey, root: workspace });
  return { input: { ...(golden ? { golden } : {}), base: side(baseFiles!), head: side(headFiles!), ...(dense ? { dense } : {}) }, notices: [] };
}

/**
 * Where an `external` chunker runs: a copy of the merge-base tree, so the script the base
 * config names is the base's script too — a PR can change neither what runs nor the code
 * behind it. Fails closed: without the base commit in the checkout (see `locateSides`) it
 * throws rather than run anything from the workspace, which may hold the PR's code.
 */
export async function trustedTree(config: Config, reader: FileReader, workspace: string, base: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (!usesExternalChunker(config)) return workspace;
  if (reader.via !== 'git') {
    throw new Error(
      `The config's external chunker runs only from a copy of the base commit ${base.slice(0, 7)}, which is not in the checkout and could not be fetched; ` +
        'chunkgate does not run it from the workspace (it may hold the pull request\'s code). Add actions/checkout (any fetch-depth) before chunkgate.',
    );
  }
  const dir = await mkdtemp(join(env.RUNNER_TEMP ?? tmpdir(), 'chunkgate-base-'));
  await exportTree(workspace, base, dir);
  return dir;
}
