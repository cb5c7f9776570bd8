/** Matches a hunk header: `@@ -a[,b] +c[,d] @@`. */
const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Lines still expected in the current hunk, and the head line number of the next one. */
interface HunkState {
  oldLeft: number;
  newLeft: number;
  next: number;
}

/** The state at a hunk header (an omitted count means 1), or `null` when `line` is not one. */
function hunkStart(line: string): HunkState | null {
  const hunk = HUNK.exec(line);
  if (!hunk) return null;
  return {
    oldLeft: hunk[2] === undefined ? 1 : Number(hunk[2]),
    newLeft: hunk[4] === undefined ? 1 : Number(hunk[4]),
    next: Number(hunk[3]),
  };
}

/** Head-side lines of a patch: added (`+`) and context (` `). */
interface PatchLines {
  added: Set<number>;
  context: Set<number>;
}

/**
 * Walks a unified diff's hunks. Accepts GitHub's `patch` field (hunks only) and full `git diff`
 * output (headers before the first hunk are ignored). Hunk lengths from the header bound each
 * hunk, so a deleted line that happens to start with `--` is never mistaken for a file header,
 * and text after a hunk (the next file's `diff --git` header) is skipped. An empty line inside
 * a hunk is read as a context line whose leading space was stripped. `\ No newline at end of
 * file` is ignored.
 */
function scanPatch(patch: string): PatchLines {
  const lines: PatchLines = { added: new Set(), context: new Set() };
  let hunk: HunkState = { oldLeft: 0, newLeft: 0, next: 0 };
  for (const raw of patch.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (hunk.oldLeft === 0 && hunk.newLeft === 0) {
      hunk = hunkStart(line) ?? hunk;
      continue;
    }
    const marker = line[0];
    if (marker === '\\') continue;
    if (marker === '-') {
      hunk.oldLeft = Math.max(0, hunk.oldLeft - 1);
    } else if (marker === '+' || marker === ' ' || line === '') {
      (marker === '+' ? lines.added : lines.context).add(hunk.next);
      hunk.next += 1;
      hunk.newLeft = Math.max(0, hunk.newLeft - 1);
      if (marker !== '+') hunk.oldLeft = Math.max(0, hunk.oldLeft - 1);
    } else {
      // Anything else means the hunk ended early (a truncated patch): look for the next header.
      hunk = hunkStart(line) ?? { oldLeft: 0, newLeft: 0, next: 0 };
    }
  }
  return lines;
}

/**
 * Head-side line numbers inside a unified diff: every added (`+`) or context (` `) line of
 * every hunk — the lines GitHub accepts a review comment on (others answer 422). See
 * `scanPatch` for the formats read. Empty or hunk-less input → empty set.
 */
export function changedLinesFromPatch(patch: string): Set<number> {
  const { added, context } = scanPatch(patch);
  return new Set([...added, ...context].sort((a, b) => a - b));
}

/**
 * Head-side line numbers the patch adds (`+` lines only): where the PR's own text is, so the
 * only lines an inline review comment should point at. Empty or hunk-less input → empty set.
 */
export function addedLinesFromPatch(patch: string): Set<number> {
  return scanPatch(patch).added;
}
