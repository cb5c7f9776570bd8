/**
 * How much of a Markdown line a reader — and a retriever — gets as text: what is left after
 * removing markup that stands for something rendered elsewhere: HTML / JSX tags, MDX
 * expressions, Hugo shortcodes (`{{< … >}}`, `{{% … %}}`), Liquid tags (`{% … %}`) and MkDocs
 * snippet includes (`--8<-- "file"`).
 */
const MARKUP = /<\/?[A-Za-z][^<>]*\/?>|\{\{[<%][\s\S]*?[%>]\}\}|\{%[\s\S]*?%\}|\{[^{}]*\}|--8<--.*$/g;

/** Non-whitespace characters of `line` that are text, not markup (see `MARKUP`). */
export function visibleChars(line: string): number {
  return line.replace(MARKUP, '').replace(/\s+/g, '').length;
}

/**
 * Whether `line` is markup only — a component, shortcode, include or tag with no text of its own
 * (`<PackageTable />`, `{{< readfile "x.md" >}}`): content it stands for is not in the Markdown
 * the index reads.
 */
function isMarkupOnly(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '') return false;
  MARKUP.lastIndex = 0;
  return MARKUP.test(trimmed) && visibleChars(trimmed) === 0;
}

/** A component or tag closed on its own line (`<PackageTable />`), an include, or a shortcode / Liquid tag. */
const STANDALONE = /^(?:<[A-Za-z][^<>]*\/>|\{\{[<%]\s*(?!\/)[\s\S]*?[%>]\}\}|\{%\s*(?:include|render)\b[\s\S]*?%\}|--8<--.*)$/;

/**
 * Whether `line` stands in for content kept elsewhere: a self-closing component or tag, a Hugo
 * shortcode (not a closing one), a Liquid include, a snippet include — markup-only (see
 * {@link isMarkupOnly}) and not the opening or closing tag of a container whose children are text.
 */
export function isStandIn(line: string): boolean {
  return isMarkupOnly(line) && STANDALONE.test(line.trim());
}
