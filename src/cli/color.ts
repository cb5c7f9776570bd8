/** What {@link useColor} needs to know about the stream a report is written to. */
export interface ColorTarget {
  /** Whether the stream is a terminal (`process.stdout.isTTY`). */
  isTTY?: boolean | undefined;
}

/**
 * Whether terminal output should be coloured, following the conventions of
 * https://no-color.org and https://force-color.org: `FORCE_COLOR` set to anything but `0` or
 * `false` (the empty string included, as Node reads it) colours even through a pipe; otherwise a non-empty `NO_COLOR`, `TERM=dumb` or a stream
 * that is not a terminal turns colour off. Reports written to a file (`--out`) are never
 * coloured: the caller passes no target for them.
 */
export function useColor(env: Record<string, string | undefined>, target: ColorTarget | null): boolean {
  if (target === null) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '0' && force !== 'false') return true;
  if (force === '0' || force === 'false') return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return target.isTTY === true;
}
