/**
 * Escaping for text that came from a docs repository (chunk text, headings, paths, messages
 * quoting them) before it goes into a GitHub comment, check run or job summary: no @mention
 * pings, no issue links, no HTML, no Markdown that changes the layout, fences that hold.
 */

/** Zero-width joiner: invisible, but it stops GitHub from reading `@name` or `#12` as a reference. */
const ZWJ = '\u200D';

/**
 * The start of every hidden marker chunkgate writes (`<!-- chunkgate -->`, `<!-- chunkgate:<check> -->`,
 * `<!-- chunkgate:finding:… -->`); user text must never reproduce one. Matched loosely (any
 * spacing, any case), and made inert with a zero-width joiner inside the name.
 */
const MARKER_START = /<!--\s*chunkgate/gi;

function inertMarkers(text: string): string {
  return text.replace(MARKER_START, (match) => `${match.slice(0, -4)}${ZWJ}${match.slice(-4)}`);
}

/** Control characters other than tab and newline (they can hide text or confuse terminals). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `@name` → `@‍name` and `#12` → `#‍12`: GitHub no longer pings or links them. */
function neutralizeReferences(text: string): string {
  return text.replace(/@(?=[\p{L}\p{N}_-])/gu, `@${ZWJ}`).replace(/#(?=\d)/g, `#${ZWJ}`);
}

/**
 * Makes text safe for one table cell or one summary line.
 *
 * Rule: line breaks and control characters become spaces; `\` `` ` `` `*` `_` `[` `]` `|` `~`
 * get a backslash; `&` `<` `>` become entities (so `<img …>` is text); `@name` and `#123`
 * get a zero-width joiner after `@` / `#`. The result renders as the literal input.
 */
export function escapeInline(text: string): string {
  // References first: the entities added below contain "#" that must not be touched.
  return neutralizeReferences(text)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(CONTROL, ' ')
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Escapes text for HTML contexts such as `<summary>`: `&` `<` `>` `"` `'` become entities,
 * line breaks become spaces, and references are neutralised as in {@link escapeInline}.
 */
export function escapeHtml(text: string): string {
  // References first: `&#39;` must stay a valid entity.
  return neutralizeReferences(text)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(CONTROL, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    // A raw `|` would end a GFM table cell even inside HTML; the entity renders the same.
    .replace(/\|/g, '&vert;');
}

/** Options of {@link codeSpan} and {@link escapeMessage}. */
export interface CodeSpanOptions {
  /** Escape `|` as `\|`, which GFM needs inside a table cell even within code (default: `false`). */
  table?: boolean;
}

/**
 * A code span showing `text` literally: delimited by one backtick more than its longest
 * backtick run, padded with a space when it starts or ends with a backtick; line breaks
 * become spaces. Code spans need no other escaping: GitHub renders no HTML, mention or
 * issue link inside them.
 *
 * In a table cell (`options.table`) GFM splits the row before it sees code spans: every `|`
 * becomes `\|` (GitHub drops the backslash again inside the cell), and a `\` right before a `|`
 * gets a zero-width joiner after it, since `\\|` would read as an escaped backslash and a cell end.
 */
export function codeSpan(text: string, options: CodeSpanOptions = {}): string {
  let body = text.replace(/\r\n|\r|\n/g, ' ').replace(CONTROL, ' ');
  if (options.table) body = body.replace(/\\(?=\|)/g, `\\${ZWJ}`).replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/**
 * Escapes a one-line message that may contain code spans (our own messages and hints use
 * them, e.g. "`thresholds.fileDrop`"): code spans are kept as code (see {@link codeSpan}),
 * everything else goes through {@link escapeInline}. An unmatched backtick is escaped.
 */
export function escapeMessage(text: string, options: CodeSpanOptions = {}): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ');
  const span = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
  let out = '';
  let last = 0;
  for (let match = span.exec(flat); match; match = span.exec(flat)) {
    // A run longer than the closing one cannot open this span; leave it to escapeInline.
    if (match.index > 0 && flat[match.index - 1] === '`') continue;
    out += escapeInline(flat.slice(last, match.index)) + codeSpan(match[2]!, options);
    last = match.index + match[0].length;
  }
  return out + escapeInline(flat.slice(last));
}

/** Options of {@link fenceFor}. */
export interface FenceOptions {
  /** Fence character (default: `~`, because an info string after `~~~` may hold anything). */
  char?: '~' | '`';
}

/**
 * A code fence for `text`: the fence character repeated `max(3, r + 1)` times, where `r` is
 * the longest run of backticks or tildes anywhere in the text, so no line of the text can
 * close it early whatever its fence character.
 */
export function fenceFor(text: string, options: FenceOptions = {}): string {
  const longest = Math.max(0, ...(text.match(/`+|~+/g) ?? []).map((run) => run.length));
  return (options.char ?? '~').repeat(Math.max(3, longest + 1));
}

/**
 * Prepares chunk text for a fenced block: neutralises `@mentions` and `#123` references (as
 * {@link escapeInline} does), control characters, and any copy of our hidden comment marker.
 * Everything else stays as written; the fence keeps HTML and Markdown inert.
 */
export function neutralizeFenced(text: string): string {
  return inertMarkers(neutralizeReferences(text.replace(CONTROL, ' ')));
}

/**
 * Replaces every copy of a hidden chunkgate marker in `text` (see `MARKER_START`) with an inert
 * look-alike (a zero-width joiner inside), so only the marker a renderer puts first identifies
 * the comment.
 */
export function neutralizeMarker(text: string): string {
  return inertMarkers(text);
}

/**
 * At most `maxChars` characters of `text` (UTF-16 units): unchanged when it fits; otherwise
 * cut at the last line break in the second half of the allowance (else at the allowance,
 * never inside a surrogate pair), trailing spaces trimmed, and `\n…` appended — the result
 * including `\n…` is at most `maxChars` long. `maxChars < 2` → `''` or `'…'`.
 */
export function excerpt(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars < 2) return maxChars >= 1 ? '…' : '';
  const limit = maxChars - 2;
  let cut = text.slice(0, limit);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const lineBreak = cut.lastIndexOf('\n');
  if (lineBreak >= limit / 2) cut = cut.slice(0, lineBreak);
  return `${cut.trimEnd()}\n…`;
}
