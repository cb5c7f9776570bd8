/**
 * A file changed between base and head, as both the GitHub and the git source report it.
 *
 * `previousPath` is set only for `renamed` files and is the path on the base side, so the
 * comparison reads the base version from there (SPEC §7: renames are followed).
 */
export interface ChangedFile {
  /** Repository-relative path on the head side (the base side for `removed`), `/` separators. */
  path: string;
  /** Base-side path of a `renamed` file. */
  previousPath?: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  /** Unified-diff hunks (from the first `@@`), when the source provides them. */
  patch?: string;
}

/** Markdown files chunkgate reads: `.md` and `.mdx`, case-insensitive. */
export function isMarkdownPath(path: string): boolean {
  return /\.mdx?$/i.test(path);
}
