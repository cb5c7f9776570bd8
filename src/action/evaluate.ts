import * as core from '@actions/core';
import { parseConfig } from '../config/load.js';
import type { Config, FailOn } from '../config/types.js';
import { compareFiles } from '../engine/compare-files.js';
import type { FileSources } from '../report/html/types.js';
import { externalChunker } from '../sources/external-chunker.js';
import { embeddingsFor, semanticFor } from '../sources/llm.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { Report } from '../types.js';
import { VERSION } from '../version.js';
import { goldenInput, trustedTree } from './base-side.js';
import type { PullContext } from './event.js';
import type { ActionInputs } from './inputs.js';
import { collectPairs } from './pairs.js';
import { locateSides } from './sides.js';

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
function withInputs(config: Config, inputs: ActionInputs): Config {
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

/**
 * Scores the pull request in this job, from data it fetched itself: the config, `failOn`, the
 * golden set and the external chunker's script come from the merge base (the base branch's
 * history, which a PR cannot edit); the PR's files are read as data, never checked out or run.
 * Nothing is taken from an earlier run's artifact.
 */
export async function evaluatePull(octokit: GitHubClient, pull: PullContext, inputs: ActionInputs, workspace: string, env: NodeJS.ProcessEnv): Promise<PullEvaluation> {
  const { mergeBase, reader } = await locateSides(octokit, pull, workspace);
  core.info(`chunkgate ${VERSION}: PR #${pull.number}, merge base ${mergeBase.slice(0, 7)} → head ${pull.headSha.slice(0, 7)} (files via ${reader.via})`);
  const baseConfigText = await reader.read(mergeBase, inputs.configPath);
  const headConfigText = await reader.read(pull.headSha, inputs.configPath);
  const config = parseConfig(baseConfigText ?? '', baseConfigText === null ? '(defaults)' : inputs.configPath);
  const { pairs, changed } = await collectPairs(octokit, pull, config, reader, mergeBase);
  core.debug(`Changed Markdown files: ${changed.map((file) => `${file.path} (${file.status})`).join(', ') || 'none'}`);
  const failOn = inputs.failOn ?? config.thresholds.failOn;
  const effective = withInputs(config, inputs);
  const semantic = semanticFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const embeddings = embeddingsFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
  const retrieval = await goldenInput(effective, reader, workspace, mergeBase, pull.headSha, inputs.openaiApiKey);
  const chunkerDir = await trustedTree(effective, reader, workspace, mergeBase, env);
  const { report, notices, sources } = await compareFiles(pairs, {
    config: effective,
    failOn,
    ...(semantic ? { semantic } : {}),
    ...(retrieval.input ? { retrieval: retrieval.input } : {}),
    externalChunks: externalChunker(chunkerDir),
    commits: { base: mergeBase, head: pull.headSha },
    ...(embeddings ? { embeddings } : {}),
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
