/**
 * A table for a terminal (columns padded, a rule under the header) or, with `markdown`, a
 * GitHub Markdown table. Cells are used as given: the caller escapes them for its medium.
 */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], markdown: boolean): string {
  if (markdown) {
    return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  }
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '─'.repeat(width))), ...rows.map(line)].join('\n');
}
