import { boilerplateIssues, repeatedBlocksOfSides, type RepeatedBlock } from '../metrics/boilerplate.js';
import { issueOrder } from '../metrics/rules/index.js';
import { renderJsonFile } from '../report/json.js';
import type { DocDiff, DocEval, EvaluatedChunk, Issue, PageBlock } from '../types.js';

/**
 * The pages one side of a run looks at for the cross-file `boilerplate` check, by path, with
 * their text blocks ({@link PageBlock}): the first text seen for a path counts.
 *
 * What a run sees decides what it can find: `eval` looks at every file it evaluates (every slice of
 * a sharded run included); a pull request looks at its changed files, base and head apart, and at
 * the whole docs set of each side when a golden set makes the run load it. Blocks come from
 * whoever parsed the page already (the analysis of a changed file, the chunking of a corpus file
 * for retrieval), so no page is parsed for this check alone.
 */
export type SidePages = Map<string, PageBlock[]>;

/** The pages of both sides of a run. */
export interface RunPages {
  base: SidePages;
  head: SidePages;
}

/** Repeated blocks by page path, per side. */
export interface RunBoilerplate {
  base: ReadonlyMap<string, RepeatedBlock[]>;
  head: ReadonlyMap<string, RepeatedBlock[]>;
}

/** Empty {@link RunPages}. */
export function runPages(): RunPages {
  return { base: new Map(), head: new Map() };
}

/** Adds a page to one side unless a page of that path is there already. */
export function addPage(side: SidePages, path: string, blocks: readonly PageBlock[] | undefined): void {
  if (blocks && !side.has(path)) side.set(path, [...blocks]);
}

/** The repeated blocks of each side (`repeatedBlocks`; the pages both sides share counted once), by page path. */
export function boilerplateOf(pages: RunPages): RunBoilerplate {
  const pagesOf = (side: SidePages) => [...side].map(([path, blocks]) => ({ path, blocks }));
  const [base, head] = repeatedBlocksOfSides([pagesOf(pages.base), pagesOf(pages.head)]).map((repeated) => {
    const found = new Map<string, RepeatedBlock[]>();
    for (const block of repeated) {
      const list = found.get(block.path) ?? [];
      list.push(block);
      found.set(block.path, list);
    }
    return found;
  });
  return { base: base!, head: head! };
}

/**
 * Adds the `boilerplate` findings of a run to one file's diff, in place: the base side's chunks
 * get those of the base path (`previousPath` of a rename), the head's those of the head path,
 * and a regression's copies of its chunks the same. Sorted in with the other issues; scores,
 * grades and the verdict are untouched (the finding never counts). Returns whether anything was added.
 */
export function addBoilerplate(diff: DocDiff, boilerplate: RunBoilerplate): boolean {
  const seen = new Set<EvaluatedChunk>();
  const base = additions(diff.base, boilerplate.base.get(diff.previousPath ?? diff.path));
  const head = additions(diff.head, boilerplate.head.get(diff.path));
  if (base.size === 0 && head.size === 0) return false;
  const add = (chunk: EvaluatedChunk | null | undefined, found: ReadonlyMap<number, Issue[]>): void => {
    const issues = chunk ? found.get(chunk.index) : undefined;
    if (!chunk || !issues || seen.has(chunk)) return;
    seen.add(chunk);
    chunk.issues = [...chunk.issues, ...issues].sort(issueOrder);
  };
  for (const chunk of diff.base?.chunks ?? []) add(chunk, base);
  for (const chunk of diff.head?.chunks ?? []) add(chunk, head);
  for (const regression of diff.regressions) {
    add(regression.base, base);
    add(regression.head, head);
  }
  return true;
}

/**
 * {@link addBoilerplate} on a report entry already written as JSON (`renderJsonFile`): the entry
 * itself when the file has no repeated block, else the entry of the diff with its findings.
 */
export function addBoilerplateToEntry(entry: string, path: string, previousPath: string | undefined, boilerplate: RunBoilerplate): string {
  if (!boilerplate.head.has(path) && !boilerplate.base.has(previousPath ?? path)) return entry;
  const diff = JSON.parse(entry) as DocDiff;
  return addBoilerplate(diff, boilerplate) ? renderJsonFile(diff) : entry;
}

/** The findings each chunk of `side` gets, by chunk index. */
function additions(side: DocEval | undefined, repeated: readonly RepeatedBlock[] | undefined): Map<number, Issue[]> {
  const found = new Map<number, Issue[]>();
  if (!side || !repeated || repeated.length === 0) return found;
  boilerplateIssues(side.chunks, repeated).forEach((issues, at) => {
    if (issues.length > 0) found.set(side.chunks[at]!.index, issues);
  });
  return found;
}
