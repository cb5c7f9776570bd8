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

/** Where `diff` read the config of each side, for {@link configNotice}. */
export interface ConfigSides {
  /** The base side's config text (`null`: none). */
  base: string | null;
  /** The head side's config text (`null`: none). */
  head: string | null;
  /** The base side in words: `the base commit 1a2b3c4`, `the base folder old/`. */
  baseName: string;
  /** The head side in words: `the working tree`, `the head commit 5d6e7f8`, `the head folder new/`. */
  headName: string;
  /** A path to the head side's config file that `--config` can take (`null`: none on disk, e.g. a commit's). */
  headPath: string | null;
}

/**
 * What `diff` says about its rules when they come from the base side: which
 * file at which base, and — when the head side adds, changes or removes it — that the head's is
 * ignored, with the `--config` flag that would use it. `null` when neither side has a config
 * (the defaults, said elsewhere) or when `--config` names the file.
 */
export function configNotice(sides: ConfigSides): string | null {
  const { base, head, baseName, headName } = sides;
  const file = CONFIG_FILE;
  const useHead = sides.headPath !== null ? `pass --config ${sides.headPath} to use it` : `pass --config F (a copy of it) to use it`;
  if (base === null && head === null) return null;
  const why = 'rules come from the base side, so a change cannot loosen its own gate';
  if (base === null) return `default rules: ${baseName} has no ${file}; the one in ${headName} is ignored (${why}); ${useHead}`;
  const from = `rules from ${file} of ${baseName}`;
  if (head === base) return `${from} (pass --config F for other rules)`;
  if (head === null) return `${from}, though ${headName} removes it (pass --config F for other rules)`;
  return `${from}; the changes to it in ${headName} are ignored (${why}); ${useHead}`;
}
