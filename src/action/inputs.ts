import * as core from '@actions/core';
import { FAIL_ON_VALUES, type FailOn } from '../config/types.js';

/** The action's inputs as one typed object; an empty input means "not set" (docs/design.md#robust-shells). */
export interface ActionInputs {
  token: string;
  configPath: string;
  comment: 'sticky' | 'review' | 'both' | 'off';
  check: boolean;
  checkName: string;
  /** `null`: the config's `thresholds.failOn`. */
  failOn: FailOn[] | null;
  workingDirectory: string;
  mode: 'all' | 'compute' | 'publish';
  reportDir: string;
  /** `null`: the config's `scoring.scorer`. */
  scorer: 'heuristic' | 'llm' | null;
  openaiApiKey: string | null;
  openaiBaseUrl: string | null;
  model: string | null;
  /**
   * An earlier run's `report.json`, relative to the checkout (restored from a cache or an
   * artifact): an audit then fails when its gating findings grew. `null`: audits only report.
   */
  baselineReport: string | null;
}

/** A bad input value: quoted, with the form expected. */
class InputError extends Error {
  override name = 'InputError';
}

function choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const value = core.getInput(name).trim();
  if (value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new InputError(`Unexpected input ${name}: ${JSON.stringify(value)}, expected one of: ${allowed.join(', ')}`);
}

function optional(name: string): string | null {
  const value = core.getInput(name).trim();
  return value === '' ? null : value;
}

const FAIL_ON: readonly FailOn[] = FAIL_ON_VALUES;

/** Reads and validates every input of action.yml. */
export function getInputs(): ActionInputs {
  const failOnText = optional('fail-on');
  let failOn: FailOn[] | null = null;
  if (failOnText !== null) {
    const items = failOnText.split(/[\s,]+/).filter(Boolean);
    const bad = items.find((item) => !FAIL_ON.includes(item as FailOn));
    if (bad !== undefined) {
      throw new InputError(`Unexpected input fail-on: ${JSON.stringify(bad)}, expected a comma-separated list of: ${FAIL_ON.join(', ')}`);
    }
    failOn = items as FailOn[];
  }
  const checkText = core.getInput('check').trim().toLowerCase();
  if (!['', 'true', 'false'].includes(checkText)) {
    throw new InputError(`Unexpected input check: ${JSON.stringify(checkText)}, expected true or false`);
  }
  const openaiApiKey = optional('openai-api-key');
  if (openaiApiKey) core.setSecret(openaiApiKey);
  return {
    token: core.getInput('github-token').trim(),
    configPath: optional('config') ?? '.chunkgate.yml',
    comment: choice('comment', ['sticky', 'review', 'both', 'off'] as const, 'sticky'),
    check: checkText !== 'false',
    checkName: optional('check-name') ?? 'chunkgate',
    failOn,
    workingDirectory: optional('working-directory') ?? '.',
    mode: choice('mode', ['all', 'compute', 'publish'] as const, 'all'),
    reportDir: optional('report-dir') ?? 'chunkgate-report',
    scorer: optional('scorer') === null ? null : choice('scorer', ['heuristic', 'llm'] as const, 'heuristic'),
    openaiApiKey,
    openaiBaseUrl: optional('openai-base-url'),
    model: optional('model'),
    baselineReport: optional('baseline-report'),
  };
}
