import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseConfig } from '../config/load.js';
import type { Config } from '../config/types.js';

/** The name chunkgate looks for in the repository root. */
export const CONFIG_FILE = '.chunkgate.yml';

/**
 * Loads the config for a CLI run: `--config F` when given (it must exist), else
 * `.chunkgate.yml` in `root` when present, else the defaults.
 */
export async function loadConfigFile(root: string, explicit?: string): Promise<{ config: Config; source: string | null }> {
  const path = explicit ? resolve(explicit) : join(root, CONFIG_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { config: parseConfig('', '(defaults)'), source: null };
    }
    throw new Error(`Cannot read config ${path}: ${(error as Error).message}`, { cause: error });
  }
  return { config: parseConfig(text, explicit ?? CONFIG_FILE), source: path };
}
