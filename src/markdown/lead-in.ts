import { closesContainer, opensContainer } from './dialect.js';

/**
 * A sentence that announces what follows it: ends in `:` / `：` or with 如下 (“as follows”), after
 * closing markup (emphasis, code ticks, link brackets).
 */
const LEAD_IN = /(?:[:：]|如下(?:所示)?)[\s*_`)\]]*$/u;

/** A word before the colon: `:::` and other markup made of colons announce nothing. */
const WORDED = /[\p{L}\p{N}][^\p{L}\p{N}]*$/u;

/**
 * Whether `text` ends on a lead-in — “…the following options:” — that introduces the block after
 * it. A docs-site container line (`:::`, `:::note`, `{{< tab >}}`) is not a lead-in.
 */
export function endsWithLeadIn(text: string): boolean {
  const lastLine = text.trimEnd().split('\n').at(-1) ?? '';
  if (closesContainer(lastLine) || opensContainer(lastLine)) return false;
  const match = LEAD_IN.exec(text);
  return match !== null && WORDED.test(text.slice(0, match.index));
}
