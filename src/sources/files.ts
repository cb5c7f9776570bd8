import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { escapePath, glob, isDynamicPattern } from 'tinyglobby';
import { firstMatch } from '../config/match.js';
import { isIncluded } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { decodeDocText, MAX_DOC_BYTES, tooLarge, type DecodeOptions, type DocText } from './doc-text.js';

/** A path that was asked for but will not be checked, and why (shown as a notice). */
export interface SkippedFile {
  path: string;
  reason: string;
}

/** What a directory argument expands to. */
const MARKDOWN_GLOB = '**/*.{md,mdx}';

/**
 * The Markdown files to check under `root`, sorted (code-unit order), repository-relative,
 * with `/` separators.
 *
 * Without `patterns`: every file matching `config.include` and no `config.exclude` glob.
 * With `patterns` (CLI arguments, relative to `options.cwd`, default: `root`): a directory
 * means every `.md`/`.mdx` under it, a glob keeps whatever it matches, a file is taken as
 * named; all are still filtered by `config.exclude`. Arguments that yield nothing (missing
 * paths, globs matching nothing, excluded files, paths outside `root`) are reported in
 * `skipped`. Crawling does not return or follow symbolic links (a link to `/` or a loop would
 * make the crawl endless; a linked file is checked where its target lies); a link named
 * as a file argument is taken, and {@link readDocFile} refuses it when it leaves `root`.
 */
export async function discoverFiles(
  root: string,
  config: Config,
  patterns?: readonly string[],
  options: { cwd?: string } = {},
): Promise<{ files: string[]; skipped: SkippedFile[] }> {
  const base = resolve(root);
  const found = new Set<string>();
  const skipped: SkippedFile[] = [];
  const crawl = (globs: string[]) =>
    glob(globs, { cwd: base, ignore: config.exclude, dot: true, onlyFiles: true, expandDirectories: false, followSymbolicLinks: false });

  if (patterns === undefined || patterns.length === 0) {
    for (const file of await crawl(config.include)) if (isIncluded(config, file)) found.add(file);
    return { files: [...found].sort(), skipped };
  }

  const cwd = resolve(base, options.cwd ?? '.');
  for (const pattern of patterns) {
    const target = resolve(cwd, pattern);
    const fromRoot = toPosix(relative(base, target));
    if (fromRoot.startsWith('../') || fromRoot === '..' || isAbsolute(fromRoot)) {
      skipped.push({ path: pattern, reason: 'outside the repository root' });
      continue;
    }
    if (isDynamicPattern(pattern)) {
      // The glob is relative to cwd; re-anchor it at root, escaping the literal prefix.
      const prefix = toPosix(relative(base, cwd));
      const anchored = prefix === '' ? stripDotSlash(toPosixPattern(pattern)) : `${escapePath(prefix)}/${stripDotSlash(toPosixPattern(pattern))}`;
      const matches = (await crawl([anchored])).filter((file) => firstMatch(config.exclude, file) === null);
      if (matches.length === 0) skipped.push({ path: pattern, reason: 'no files match (after exclude)' });
      for (const file of matches) found.add(file);
      continue;
    }
    const kind = await stat(target).then(
      (stats) => (stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : 'other'),
      () => 'missing' as const,
    );
    if (kind === 'missing') {
      skipped.push({ path: pattern, reason: 'no such file or directory' });
    } else if (kind === 'other') {
      skipped.push({ path: pattern, reason: 'not a regular file' });
    } else if (kind === 'directory') {
      const underDir = fromRoot === '' ? MARKDOWN_GLOB : `${escapePath(fromRoot)}/${MARKDOWN_GLOB}`;
      const matches = (await crawl([underDir])).filter((file) => firstMatch(config.exclude, file) === null);
      if (matches.length === 0) skipped.push({ path: pattern, reason: 'no .md or .mdx files (after exclude)' });
      for (const file of matches) found.add(file);
    } else {
      const excludedBy = firstMatch(config.exclude, fromRoot);
      if (excludedBy === null) found.add(fromRoot);
      else skipped.push({ path: fromRoot, reason: `excluded by config (exclude: ${excludedBy})` });
    }
  }
  return { files: [...found].sort(), skipped };
}

/** Files above the size limit are still hashed up to this size, so two identical ones can be told apart from a change. */
const HASH_LIMIT = 64 * 1024 * 1024;

/** Reads one repository-relative docs file under the reader's root ({@link docReader}). */
export type DocReader = (path: string, options?: DecodeOptions) => Promise<DocText>;

/**
 * The guarded reader of docs files on disk (docs/rules.md#files-chunkgate-cannot-check): reads the
 * repository-relative file `path` under `root` as {@link decodeDocText} decodes it, or says why
 * it cannot be checked — outside `root` (by path or through a symbolic link: a link in a PR must
 * not expose files outside the checkout), not a regular file, larger than `maxBytes` (default:
 * 2 MB, checked before reading), binary, UTF-16, not valid UTF-8, or unreadable. A leading UTF-8
 * byte-order mark is dropped, as in git mode. `digest` (SHA-256) is set when the bytes were read.
 * For many files under one root, {@link docReader} resolves the root once.
 */
export function readDocFile(root: string, path: string, options: DecodeOptions = {}): Promise<DocText> {
  return docReader(root)(path, options);
}

/**
 * {@link readDocFile} for the files of one root: the root's real path is resolved once, at the
 * first read that finds it (docs/design.md#speed), and every file's own real path is still checked against
 * it, so a file or a link leaving the root is refused as before.
 *
 * The file system is called synchronously: a docs file is small, and a synchronous call costs
 * a quarter of the CPU of the promise API's trip through the libuv pool (measured on 243 files:
 * 7 ms against 29 ms). The type of a path is checked before it is opened, so a FIFO or a device
 * is never opened (opening a FIFO would wait for a writer).
 */
export function docReader(root: string): DocReader {
  let realRoot: string | undefined;
  return async (path, options = {}) => {
    const maxBytes = options.maxBytes ?? MAX_DOC_BYTES;
    const problem = (reason: string, hint: string, digest?: string): DocText => ({ problem: { reason, hint }, ...(digest ? { digest } : {}) });
    try {
      // Not remembered when it fails: a root that cannot be resolved makes each read say so.
      realRoot ??= realpathSync.native(resolve(root));
      const file = realpathSync.native(resolve(root, path));
      const inside = relative(realRoot, file);
      if (inside === '') return problem('not a regular file', 'Name a Markdown file.');
      if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
        return problem('outside the repository (path or symbolic link); not read', 'Keep docs inside the repository: chunkgate never follows a link out of it.');
      }
      const stats = statSync(file);
      if (!stats.isFile()) return problem('not a regular file', 'Name a Markdown file.');
      if (stats.size > maxBytes) {
        const digest = stats.size <= HASH_LIMIT ? createHash('sha256').update(readFileSync(file)).digest('hex') : undefined;
        return problem(tooLarge(stats.size, maxBytes), 'Split the page into smaller pages, or leave it out of the docs globs (`exclude` in .chunkgate.yml).', digest);
      }
      // The file may have grown between stat and read: decodeDocText checks the size again.
      return decodeDocText(readFileSync(file), { maxBytes });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return problem(`unreadable (${code ?? (error as Error).message})`, 'Check that the file exists and is readable.');
    }
  };
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** On Windows a CLI glob may use `\` as a separator; elsewhere `\` is an escape and stays. */
function toPosixPattern(pattern: string): string {
  return sep === '\\' ? pattern.replace(/\\/g, '/') : pattern;
}

function stripDotSlash(pattern: string): string {
  return pattern.replace(/^(\.\/)+/, '');
}
