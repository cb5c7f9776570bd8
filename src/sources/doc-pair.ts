import type { FilePair } from '../engine/compare-files.js';
import type { ChangedFile } from './changed-file.js';
import type { DocText } from './doc-text.js';

/**
 * A changed file's two guarded reads (`readDocFile`, `readDocAt`, or `decodeDocText` of bytes
 * from the REST API) as the {@link FilePair} the engine takes: texts where they could be read,
 * and why a side that exists cannot be checked (`unreadable`), marked `unchanged` when both
 * sides are unreadable and byte-identical (same digest). `null`: the side does not exist. Every
 * shell — folder mode, git mode, the action — builds its pairs here, so a file that cannot be
 * read is never mistaken for a missing (removed) one.
 */
export function docPair(file: Pick<ChangedFile, 'path' | 'previousPath' | 'status'>, base: DocText | null, head: DocText | null): FilePair {
  const unreadable: NonNullable<FilePair['unreadable']> = {};
  if (base && 'problem' in base) unreadable.base = base.problem;
  if (head && 'problem' in head) unreadable.head = head.problem;
  if (base && head && 'problem' in base && 'problem' in head && base.digest !== undefined && base.digest === head.digest) unreadable.unchanged = true;
  return {
    path: file.path,
    ...(file.previousPath !== undefined ? { previousPath: file.previousPath } : {}),
    status: file.status,
    base: base && 'text' in base ? base.text : null,
    head: head && 'text' in head ? head.text : null,
    ...(unreadable.base || unreadable.head ? { unreadable } : {}),
  };
}

/** Whether two sides hold the same bytes: equal texts, or unreadable files with the same digest. */
export function sameBytes(base: DocText, head: DocText): boolean {
  if ('text' in base && 'text' in head) return base.text === head.text;
  return 'problem' in base && 'problem' in head && base.digest !== undefined && base.digest === head.digest;
}
