import { expect } from 'vitest';
import { ConfigError, parseConfig, type ConfigProblem } from '../../src/config/load.js';

/** The problems parseConfig reports for `text` (fails the test when it does not throw). */
export function problemsOf(text: string): ConfigProblem[] {
  try {
    parseConfig(text, '.chunkgate.yml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected a ConfigError for:\n${text}`);
}
