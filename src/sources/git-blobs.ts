/**
 * Reading many files of several commits at once (a golden-set run reads every docs file of
 * both sides): one `git ls-tree` per commit and one `git cat-file --batch` for all their
 * blobs, each distinct blob read once — instead of one `git` process per file and side.
 * Every blob goes through the guarded decoder, as {@link readDocAt} reads one file: a file over
 * the size limit is not read at all, and a binary, UTF-16 or invalid UTF-8 one is a problem.
 * Real `git` without a shell, messages in English, like src/sources/git.ts.
 */
import { execFile, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { decodeDocText, MAX_DOC_BYTES, tooLarge, type DecodeOptions, type DocText } from './doc-text.js';
import { readDocAt } from './git.js';

const ENV = { LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1' };

/** One file of a tree: its blob, size and whether it is a symbolic link. */
interface TreeEntry {
  sha: string;
  size: number;
  link: boolean;
}

/**
 * Every file `wanted` keeps, per commit: `files[i]` maps each path at `refs[i]` (path order) to its
 * text or the reason it cannot be checked ({@link decodeDocText}). A symbolic link is read as
 * {@link readDocAt} reads it (followed inside the tree, refused out of it; left out when it
 * leads nowhere). An unknown ref throws.
 */
export async function readFilesAt(
  repoDir: string,
  refs: readonly string[],
  wanted: (path: string) => boolean,
  options: DecodeOptions & { pathspecs?: readonly string[] } = {},
): Promise<Map<string, DocText>[]> {
  const maxBytes = options.maxBytes ?? MAX_DOC_BYTES;
  const trees = await Promise.all(refs.map((ref) => blobsAt(repoDir, ref, wanted, options.pathspecs)));
  const readable = new Set(trees.flatMap((tree) => [...tree.values()].filter((entry) => !entry.link && entry.size <= maxBytes).map((entry) => entry.sha)));
  const blobs = await catBlobs(repoDir, [...readable]);
  // One decoding per blob: a file identical on both sides is the same string, read once.
  const decoded = new Map(
    [...blobs].map(([sha, bytes]): [string, DocText] => {
      const read = decodeDocText(bytes, { maxBytes });
      return [sha, 'text' in read ? { text: read.text, blob: sha } : read];
    }),
  );
  return Promise.all(
    trees.map(async (tree, index) => {
      const files = new Map<string, DocText>();
      for (const [path, entry] of tree) {
        if (entry.link) {
          const read = await readDocAt(repoDir, refs[index]!, path, { maxBytes });
          if (read) files.set(path, read);
        } else if (entry.size > maxBytes) {
          files.set(path, { problem: { reason: tooLarge(entry.size, maxBytes), hint: 'Split the page into smaller pages, or leave it out of the docs globs (`exclude` in .chunkgate.yml).' }, digest: entry.sha });
        } else {
          const read = decoded.get(entry.sha)!;
          files.set(path, 'problem' in read ? { ...read, digest: entry.sha } : read);
        }
      }
      return files;
    }),
  );
}

/**
 * The docs files `paths` at `ref`, as {@link readFilesAt} reads them (one `git ls-tree` and one
 * `git cat-file --batch` for any number of files, instead of two `git` processes per file): each
 * path's text or why it cannot be checked; a path absent at `ref` (or a directory) is not in the map.
 */
export async function readDocsAt(repoDir: string, ref: string, paths: readonly string[], options: DecodeOptions = {}): Promise<Map<string, DocText>> {
  if (paths.length === 0) return new Map();
  const wanted = new Set(paths);
  // A few paths are listed by name (a one-file PR in a 100,000-file repository lists one entry);
  // many, by listing the tree once.
  const pathspecs = paths.length <= MAX_PATHSPECS ? paths : undefined;
  const [files] = await readFilesAt(repoDir, [ref], (path) => wanted.has(path), { ...options, ...(pathspecs ? { pathspecs } : {}) });
  return files!;
}

/** Most paths {@link readDocsAt} names to `git ls-tree` (literal pathspecs: `GIT_LITERAL_PATHSPECS`); more, and it lists the whole tree. */
const MAX_PATHSPECS = 200;

/** Path → blob, size and kind of every regular file (`100644`/`100755`) and symbolic link at `ref` that `wanted` keeps, in path order. */
async function blobsAt(repoDir: string, ref: string, wanted: (path: string) => boolean, pathspecs?: readonly string[]): Promise<Map<string, TreeEntry>> {
  const out = await new Promise<string>((resolve, reject) => {
    execFile('git', ['ls-tree', '-r', '-l', '-z', '--full-tree', ref, ...(pathspecs ? ['--', ...pathspecs] : [])], { cwd: repoDir, maxBuffer: 1 << 30, encoding: 'utf8', env: { ...process.env, ...ENV } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ls-tree -r ${ref} failed in ${repoDir}: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
  const blobs = new Map<string, TreeEntry>();
  for (const record of out.split('\0')) {
    // "<mode> <type> <sha> <size, padded>\t<path>"
    const tab = record.indexOf('\t');
    if (tab === -1) continue;
    const [mode, type, sha, size] = record.slice(0, tab).split(/ +/);
    const path = record.slice(tab + 1);
    const link = mode === '120000';
    if (type === 'blob' && (mode === '100644' || mode === '100755' || link) && sha && wanted(path)) blobs.set(path, { sha, size: Number(size), link });
  }
  return new Map([...blobs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Fewest blobs a `git cat-file` process is started for: below, one process reads them all (another costs a start). */
const BLOBS_PER_PROCESS = 256;

/**
 * The bytes of each blob, read by `processes` `git cat-file --batch` side by side (default: up to
 * two, one per core), each a contiguous share of `shas`: git inflating loose objects is most of a
 * golden-set run's read, and it runs on its own cores.
 */
export async function catBlobs(repoDir: string, shas: readonly string[], processes = Math.min(2, availableParallelism())): Promise<Map<string, Buffer>> {
  const parts = Math.max(1, Math.min(processes, Math.floor(shas.length / BLOBS_PER_PROCESS)));
  if (parts === 1) return catBatch(repoDir, shas);
  const share = Math.ceil(shas.length / parts);
  const read = await Promise.all(Array.from({ length: parts }, (_, part) => catBatch(repoDir, shas.slice(part * share, (part + 1) * share))));
  return new Map(read.flatMap((blobs) => [...blobs]));
}

/** The bytes of each blob (`git cat-file --batch`, one process for all). */
function catBatch(repoDir: string, shas: readonly string[]): Promise<Map<string, Buffer>> {
  if (shas.length === 0) return Promise.resolve(new Map<string, Buffer>());
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: repoDir, env: { ...process.env, ...ENV }, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (data: Buffer) => chunks.push(data));
    child.stderr.on('data', (data: Buffer) => (errors += data.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`git cat-file --batch failed in ${repoDir}: ${errors.trim() || `exit code ${code}`}`));
      try {
        resolve(parseBatch(Buffer.concat(chunks), shas));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.on('error', reject);
    child.stdin.end(`${shas.join('\n')}\n`);
  });
}

/** Parses `<sha> <type> <size>\n<content>\n` records, in request order. */
function parseBatch(output: Buffer, shas: readonly string[]): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let at = 0;
  for (const sha of shas) {
    const newline = output.indexOf(10, at);
    if (newline === -1) throw new Error(`git cat-file --batch: output ends before blob ${sha}`);
    const [id, type, size] = output.subarray(at, newline).toString('utf8').split(' ');
    if (id !== sha || type !== 'blob' || size === undefined) throw new Error(`git cat-file --batch: expected blob ${sha}, got "${output.subarray(at, newline).toString('utf8')}"`);
    const start = newline + 1;
    const end = start + Number(size);
    blobs.set(sha, output.subarray(start, end));
    at = end + 1;
  }
  return blobs;
}
