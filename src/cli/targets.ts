import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { isDynamicPattern } from 'tinyglobby';
import { globProblem } from '../config/globs.js';
import type { Config } from '../config/types.js';
import { discoverFiles, type SkippedFile } from '../sources/files.js';
import { UsageError } from './args.js';

/** A Markdown file a CLI command was asked about. */
export interface Target {
  /** The path reports show: relative to the working directory, or absolute for an absolute argument outside it. */
  path: string;
  /** The folder the file may not leave, symbolic links included (`readDocFile`'s root). */
  root: string;
  /** The file's path under `root`, with `/` separators. */
  rel: string;
}

/**
 * The files `patterns` (CLI arguments: files, folders, globs) name, or without patterns every
 * file the config's `include` / `exclude` select under `cwd`.
 *
 * The root that bounds a file (issue 14 item 4): an argument inside `cwd` keeps `cwd` as its
 * root, as before; an argument outside it (`chunkgate eval ~/other/docs`) is its own root — the
 * folder itself, a file's folder, or a glob's literal base — so any path can be checked from
 * any folder, while symbolic links still cannot leave the root they were found under. `exclude`
 * applies relative to each root; `include` only without arguments. A malformed glob argument is
 * a usage error.
 */
export async function resolveTargets(cwd: string, config: Config, patterns: readonly string[]): Promise<{ targets: Target[]; skipped: SkippedFile[] }> {
  for (const pattern of patterns) {
    const problem = isDynamicPattern(pattern) ? globProblem(pattern) : null;
    if (problem !== null) throw new UsageError(`Unexpected glob ${JSON.stringify(pattern)}: ${problem}`);
  }
  const inside = patterns.filter((pattern) => !leavesCwd(cwd, pattern));
  const targets: Target[] = [];
  const skipped: SkippedFile[] = [];
  if (patterns.length === 0 || inside.length > 0) {
    const found = await discoverFiles(cwd, config, patterns.length === 0 ? undefined : inside);
    targets.push(...found.files.map((rel) => ({ path: rel, root: cwd, rel })));
    skipped.push(...found.skipped);
  }
  for (const pattern of patterns.filter((pattern) => leavesCwd(cwd, pattern))) {
    const own = await ownRoot(cwd, pattern);
    if (own === null) {
      skipped.push({ path: pattern, reason: 'no such file or directory' });
      continue;
    }
    const found = await discoverFiles(own.root, config, [own.pattern]);
    skipped.push(...found.skipped.map((skip) => ({ ...skip, path: pattern })));
    for (const rel of found.files) {
      const full = resolve(own.root, rel);
      targets.push({ path: isAbsolute(pattern) ? toPosix(full) : toPosix(relative(cwd, full)), root: own.root, rel });
    }
  }
  const unique = [...new Map(targets.map((target) => [target.path, target])).values()];
  return { targets: unique.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), skipped };
}

/** Whether the argument's literal part lies outside `cwd`. */
function leavesCwd(cwd: string, pattern: string): boolean {
  const literal = isDynamicPattern(pattern) ? picomatch.scan(pattern).base || '.' : pattern;
  const fromCwd = relative(cwd, resolve(cwd, literal));
  return fromCwd === '..' || fromCwd.startsWith(`..${sep}`) || isAbsolute(fromCwd);
}

/** An outside argument's own root and the pattern to look for under it; `null` when it does not exist. */
async function ownRoot(cwd: string, pattern: string): Promise<{ root: string; pattern: string } | null> {
  if (isDynamicPattern(pattern)) {
    const { base, glob } = picomatch.scan(pattern);
    return { root: resolve(cwd, base || '.'), pattern: glob };
  }
  const target = resolve(cwd, pattern);
  const kind = await stat(target).then(
    (stats) => (stats.isDirectory() ? 'directory' : 'file'),
    () => null,
  );
  if (kind === null) return null;
  return kind === 'directory' ? { root: target, pattern: '.' } : { root: dirname(target), pattern: basename(target) };
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
