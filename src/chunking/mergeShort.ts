import type { Section } from './sections.js';

/** A run of consecutive sections that become one chunk (or one split run). */
export interface SectionGroup {
  /** Index of the first section. */
  from: number;
  /** Index just after the last section. */
  to: number;
  /** The members' longest common heading path: a merged group falls back to the parent's path. */
  headingPath: string[];
}

/**
 * Merges sections whose body is shorter than `min` (docs/config.md#chunking-strategies): a short section (or short
 * group) absorbs the next section when that one is a sibling or a descendant (depth ≥ the
 * group's shallowest depth), and is otherwise absorbed by the previous group; with neither,
 * it stays alone. A group's body is everything after its first heading line, sized by
 * `bodySize(from, to)`. The merged group's heading path is the longest common prefix of its
 * members' paths, e.g. siblings `A › B` and `A › C` give `A` (docs/config.md#chunking-strategies: the title falls back
 * to the parent title). `min ≤ 0` merges nothing.
 */
export function mergeShortSections(sections: readonly Section[], bodySize: (from: number, to: number) => number, min: number): SectionGroup[] {
  const groups: Array<{ from: number; to: number }> = [];
  let open: { from: number; top: number } | null = null;
  for (let index = 0; index < sections.length; index++) {
    const section = sections[index]!;
    const from: number = open?.from ?? index;
    const top = Math.min(open?.top ?? section.depth, section.depth);
    open = null;
    if (bodySize(from, index + 1) >= min) {
      groups.push({ from, to: index + 1 });
      continue;
    }
    const next = sections[index + 1];
    if (next && next.depth >= top) {
      open = { from, top };
    } else if (groups.length > 0) {
      groups.at(-1)!.to = index + 1;
    } else {
      groups.push({ from, to: index + 1 });
    }
  }
  return groups.map(({ from, to }) => ({ from, to, headingPath: commonPrefix(sections.slice(from, to).map((section) => section.headingPath)) }));
}

function commonPrefix(paths: readonly string[][]): string[] {
  const [first = [], ...rest] = paths;
  let length = first.length;
  for (const path of rest) {
    let shared = 0;
    while (shared < length && shared < path.length && path[shared] === first[shared]) shared++;
    length = shared;
  }
  return first.slice(0, length);
}
