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
 * The root that bounds a file (docs/rules.md#files-chunkgate-cannot-check) is its argument's own: the
 * folder named, a named file's folder, or a glob's literal base (`cwd` without arguments). So
 * any path can be checked from any folder (`chunkgate eval ~/other/docs`), and a symbolic link
 * may not lead out of the folder the user named. Files inside `cwd` are found and shown as
 * before (relative to `cwd`, `exclude` matched against that path); files outside it relative to
 * `cwd` for a relative argument, absolute for an absolute one, `exclude` matched under their
 * root. `include` applies only without arguments. A malformed glob argument is a usage error.
 */
export async function resolveTargets(cwd: string, config: Config, patterns: readonly string[]): Promise<{ targets: Target[]; skipped: SkippedFile[] }> {
  for (const pattern of patterns) {
    const problem = isDynamicPattern(pattern) ? globProblem(pattern) : null;
    if (problem !== null) throw new UsageError(`Unexpected glob ${JSON.stringify(pattern)}: ${problem}`);
  }
  if (patterns.length === 0) {
    const found = await discoverFiles(cwd, config);
    return { targets: found.files.map((rel) => ({ path: rel, root: cwd, rel })), skipped: found.skipped };
  }
  const targets: Target[] = [];
  const skipped: SkippedFile[] = [];
  for (const pattern of patterns) {
    const own = await ownRoot(cwd, pattern);
    if (own === null) {
      skipped.push({ path: pattern, reason: 'no such file or directory' });
      continue;
    }
    const inside = !leaves(cwd, own.root);
    // Inside cwd, files are found (and excluded) as paths relative to cwd, as they always were.
    const found = inside ? await discoverFiles(cwd, config, [pattern]) : await discoverFiles(own.root, config, [own.pattern]);
    skipped.push(...found.skipped.map((skip) => ({ ...skip, path: inside ? skip.path : pattern })));
    for (const file of found.files) {
      const full = resolve(inside ? cwd : own.root, file);
      const path = inside ? file : isAbsolute(pattern) ? toPosix(full) : toPosix(relative(cwd, full));
      targets.push({ path, root: own.root, rel: toPosix(relative(own.root, full)) });
    }
  }
  const unique = [...new Map(targets.map((target) => [target.path, target])).values()];
  return { targets: unique.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), skipped };
}

/** File names read as Markdown without a second thought. */
const MARKDOWN_NAME = /\.(?:md|mdx|markdown)$/i;

/**
 * A warning for each target named by an argument (a file, or a glob's match) whose name is not
 * Markdown's (`.md`, `.mdx`, `.markdown`): it is still scored as Markdown, but not silently.
 */
export function nonMarkdownWarnings(targets: readonly Target[]): string[] {
  return targets.filter((target) => !MARKDOWN_NAME.test(target.path)).map((target) => `${target.path} is not a Markdown file (.md, .mdx): scored as Markdown anyway`);
}

/** Whether `path` lies outside `cwd`. */
function leaves(cwd: string, path: string): boolean {
  const fromCwd = relative(cwd, path);
  return fromCwd === '..' || fromCwd.startsWith(`..${sep}`) || isAbsolute(fromCwd);
}

/** An argument's own root and the pattern to look for under it; `null` when it does not exist (a glob always has one). */
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
