/**
 * Why a glob is malformed, or `null` when it is well formed (docs/design.md#robust-shells).
 *
 * picomatch and tinyglobby accept broken globs silently: `docs/[` matches only a file named
 * `docs/[`, and `{a,b` compiles to a pattern that matches nothing, so a typo in `include`
 * quietly checks no file at all. The rules: every `[` opens a character class closed by a later
 * `]` (a `]` right after `[`, `[!` or `[^` is a member, not the end); `{` and `}` pair up, as do
 * the parentheses of an extglob (`@(…)`, `!(…)`, `?(…)`, `*(…)`, `+(…)`); a stray `}` or `)` of
 * an extglob is an error too. A backslash escapes the next character (`\[` is a literal `[`).
 * Columns are 1-based.
 */
export function globProblem(glob: string): string | null {
  const braces: number[] = [];
  const groups: number[] = [];
  for (let at = 0; at < glob.length; at++) {
    const char = glob[at]!;
    if (char === '\\') {
      at++;
      continue;
    }
    if (char === '[') {
      const close = classEnd(glob, at);
      if (close === -1) return `unclosed "[" at character ${at + 1} (write "\\[" for a literal bracket)`;
      at = close;
    } else if (char === '{') braces.push(at);
    else if (char === '}') {
      if (braces.pop() === undefined) return `"}" at character ${at + 1} closes no "{"`;
    } else if (char === '(' && at > 0 && '@!?*+'.includes(glob[at - 1]!)) groups.push(at);
    else if (char === ')' && groups.length > 0) groups.pop();
  }
  if (braces.length > 0) return `unclosed "{" at character ${braces.at(-1)! + 1} (a brace list needs its "}", e.g. "{a,b}")`;
  if (groups.length > 0) return `unclosed "(" at character ${groups.at(-1)! + 1} (an extglob needs its ")", e.g. "@(a|b)")`;
  return null;
}

/** Index of the `]` closing the class opened at `open`, or -1. */
function classEnd(glob: string, open: number): number {
  let at = open + 1;
  if (glob[at] === '!' || glob[at] === '^') at++;
  // A `]` first in the class is a member.
  if (glob[at] === ']') at++;
  for (; at < glob.length; at++) {
    if (glob[at] === '\\') at++;
    else if (glob[at] === ']') return at;
  }
  return -1;
}
