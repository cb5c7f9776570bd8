/**
 * Reading many files of several commits at once (a golden-set run reads every docs file of
 * both sides): one `git ls-tree` per commit and one `git cat-file --batch` for all their
 * blobs, each distinct blob read once — instead of one `git` process per file and side.
 * Real `git` without a shell, messages in English, like src/sources/git.ts.
 */
import { execFile, spawn } from 'node:child_process';

const ENV = { LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0' };

/** Text of the files `wanted` keeps, per commit: `texts[i]` maps each path at `refs[i]` to its UTF-8 text. */
export async function readFilesAt(repoDir: string, refs: readonly string[], wanted: (path: string) => boolean): Promise<Map<string, string>[]> {
  const trees = await Promise.all(refs.map((ref) => blobsAt(repoDir, ref, wanted)));
  const unique = [...new Set(trees.flatMap((tree) => [...tree.values()]))];
  const blobs = await catBlobs(repoDir, unique);
  // One string per blob: a file identical on both sides is the same string, read once.
  return trees.map((tree) => new Map([...tree].map(([path, sha]) => [path, blobs.get(sha)!])));
}

/** Path → blob id of every regular file (`100644`/`100755`) at `ref` that `wanted` keeps, in path order. */
async function blobsAt(repoDir: string, ref: string, wanted: (path: string) => boolean): Promise<Map<string, string>> {
  const out = await new Promise<string>((resolve, reject) => {
    execFile('git', ['ls-tree', '-r', '-z', '--full-tree', ref], { cwd: repoDir, maxBuffer: 1 << 30, encoding: 'utf8', env: { ...process.env, ...ENV } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ls-tree -r ${ref} failed in ${repoDir}: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
  const blobs = new Map<string, string>();
  for (const record of out.split('\0')) {
    // "<mode> <type> <sha>\t<path>"
    const tab = record.indexOf('\t');
    if (tab === -1) continue;
    const [mode, type, sha] = record.slice(0, tab).split(' ');
    const path = record.slice(tab + 1);
    if (type === 'blob' && (mode === '100644' || mode === '100755') && sha && wanted(path)) blobs.set(path, sha);
  }
  return new Map([...blobs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The UTF-8 text of each blob (`git cat-file --batch`, one process for all). */
function catBlobs(repoDir: string, shas: readonly string[]): Promise<Map<string, string>> {
  if (shas.length === 0) return Promise.resolve(new Map<string, string>());
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
function parseBatch(output: Buffer, shas: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  let at = 0;
  for (const sha of shas) {
    const newline = output.indexOf(10, at);
    if (newline === -1) throw new Error(`git cat-file --batch: output ends before blob ${sha}`);
    const [id, type, size] = output.subarray(at, newline).toString('utf8').split(' ');
    if (id !== sha || type !== 'blob' || size === undefined) throw new Error(`git cat-file --batch: expected blob ${sha}, got "${output.subarray(at, newline).toString('utf8')}"`);
    const start = newline + 1;
    const end = start + Number(size);
    texts.set(sha, output.subarray(start, end).toString('utf8'));
    at = end + 1;
  }
  return texts;
}
