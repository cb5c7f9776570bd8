import * as core from '@actions/core';
import { parseConfig } from '../config/load.js';
import type { Config, FailOn } from '../config/types.js';
import { compareFiles } from '../engine/compare-files.js';
import type { FileSources } from '../report/html/types.js';
import { externalChunker } from '../sources/external-chunker.js';
import { embeddingsFor, questionsFor, semanticFor } from '../sources/llm.js';
import type { ChangedFile } from '../sources/changed-file.js';
import { changedFiles } from '../sources/git.js';
import { listChangedBetween, listPullFiles } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { Report } from '../types.js';
import { VERSION } from '../version.js';
import { goldenInput, trustedTree } from './base-side.js';
import type { MergeGroupContext, PullContext } from './event.js';
import type { ActionInputs } from './inputs.js';
import { collectPairs } from './pairs.js';
import { locateSides, type Sides } from './sides.js';

/** A pull request scored base vs head, with what the renderers and publishers need. */
export interface PullEvaluation {
  report: Report;
  sources: FileSources[];
  /** The base side of every comparison. */
  mergeBase: string;
  /** True when the PR edits the config file (its changes apply only after merge). */
  configChanged: boolean;
  /** True when the base commit has a config file (else the defaults apply). */
  configFound: boolean;
  notices: string[];
  /** What fails the run: the `fail-on` input, else the base config's. */
  failOn: FailOn[];
  /** Unified-diff patch per changed file, for placing review comments. */
  patches: Map<string, string>;
}

/** Applies the LLM-related inputs over the config. */
export function withInputs(config: Config, inputs: ActionInputs): Config {
  return {
    ...config,
    scoring: { ...config.scoring, scorer: inputs.scorer ?? config.scoring.scorer },
    llm: {
      ...config.llm,
      ...(inputs.model ? { model: inputs.model } : {}),
      ...(inputs.openaiBaseUrl ? { baseURL: inputs.openaiBaseUrl } : {}),
    },
  };
}

/** Two commits compared by the same rules: a pull request's merge base and head, or a merge group's base and head. */
interface Comparison {
  owner: string;
  repo: string;
  baseSha: string;
  headSha: string;
  /** What is compared, for the log: `PR #7`, `merge group gh-readonly-queue/main/pr-7-…`. */
  label: string;
}

/** Lists every file changed between the comparison's two sides (Markdown or not), once they are located. */
type ListChanged = (sides: Sides) => Promise<ChangedFile[]>;

/**
 * Scores a comparison in this job, from data it fetched itself: the config, `failOn`, the
 * golden set and the external chunker's script come from the base side (the base branch's
 * history, which a PR cannot edit); the head's files are read as data, never checked out or
 * run. Nothing is taken from an earlier run's artifact.
 */
async function evaluateComparison(
  octokit: GitHubClient,
  comparison: Comparison,
  listChanged: ListChanged,
  inputs: ActionInputs,
  workspace: string,
  env: NodeJS.ProcessEnv,
): Promise<PullEvaluation> {
  const sides = await locateSides(octokit, comparison, workspace);
  const { mergeBase, reader } = sides;
  const head = comparison.headSha;
  core.info(`chunkgate ${VERSION}: ${comparison.label}, merge base ${mergeBase.slice(0, 7)} → head ${head.slice(0, 7)} (files via ${reader.via})`);
  const baseConfigText = await reader.read(mergeBase, inputs.configPath);
  const headConfigText = await reader.read(head, inputs.configPath);
  const config = parseConfig(baseConfigText ?? '', baseConfigText === null ? '(defaults)' : inputs.configPath);
  const { pairs, changed } = await collectPairs(await listChanged(sides), config, reader, { base: mergeBase, head });
  core.debug(`Changed Markdown files: ${changed.map((file) => `${file.path} (${file.status})`).join(', ') || 'none'}`);
  const failOn = inputs.failOn ?? config.thresholds.failOn;
  const effective = withInputs(config, inputs);
  const semantic = semanticFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const embeddings = embeddingsFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const questions = questionsFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const retrieval = await goldenInput(effective, reader, workspace, mergeBase, head, inputs.openaiApiKey);
  const chunkerDir = await trustedTree(effective, reader, workspace, mergeBase, env);
  const { report, notices, sources } = await compareFiles(pairs, {
    config: effective,
    failOn,
    ...(semantic ? { semantic } : {}),
    ...(retrieval.input ? { retrieval: retrieval.input } : {}),
    externalChunks: externalChunker(chunkerDir),
    commits: { base: mergeBase, head },
    ...(embeddings ? { embeddings } : {}),
    ...(questions ? { questions } : {}),
  });
  notices.unshift(...retrieval.notices);
  return {
    report,
    sources,
    mergeBase,
    configChanged: baseConfigText !== headConfigText,
    configFound: baseConfigText !== null,
    notices,
    failOn,
    patches: new Map(changed.flatMap((file) => (file.patch ? [[file.path, file.patch] as const] : []))),
  };
}

/**
 * Scores the pull request ({@link evaluateComparison} from its merge base). `files`: the PR's
 * changed files when the caller listed them already (default: listed with `pulls.listFiles`).
 */
export function evaluatePull(
  octokit: GitHubClient,
  pull: PullContext,
  inputs: ActionInputs,
  workspace: string,
  env: NodeJS.ProcessEnv,
  files?: ChangedFile[],
): Promise<PullEvaluation> {
  const list: ListChanged = async () => files ?? listPullFiles(octokit, { owner: pull.owner, repo: pull.repo, pull_number: pull.number });
  return evaluateComparison(octokit, { ...pull, label: `PR #${pull.number}` }, list, inputs, workspace, env);
}

/**
 * Scores a merge group: its base commit (the target branch) against its head (the branch with
 * the queued PRs merged), with the same rules as a PR. Changed files come from git when the
 * two commits are in the checkout, else from the compare API.
 */
export function evaluateMergeGroup(octokit: GitHubClient, group: MergeGroupContext, inputs: ActionInputs, workspace: string, env: NodeJS.ProcessEnv): Promise<PullEvaluation> {
  const list: ListChanged = ({ mergeBase, reader }) =>
    reader.via === 'git'
      ? changedFiles(workspace, mergeBase, group.headSha)
      : listChangedBetween(octokit, { owner: group.owner, repo: group.repo, base: mergeBase, head: group.headSha });
  return evaluateComparison(octokit, { ...group, label: `merge group ${group.headRef || group.headSha.slice(0, 7)}` }, list, inputs, workspace, env);
}
