/**
 * The `title` of a YAML front matter without a YAML parse, when the front matter says it plainly.
 *
 * Most front matter is `key: value` lines, and parsing it with `yaml` for one key cost more than
 * any other per-document step outside remark (docs/design.md#speed). This reads the one line `title: …` at
 * column 0 when its value is a plain or quoted one-line string that YAML's core schema reads as
 * that same string, and gives up (`undefined`: parse it) on anything else: no or several title
 * lines, directives, documents markers, quoted or complex keys, a continuation line, comments,
 * escapes, anchors, tags, block scalars, and values YAML would read as a number, boolean or null.
 * One difference is deliberate: a plain title line is used even when another key of the front
 * matter is broken YAML (the parser would give up on the whole block).
 *
 * @returns the trimmed title (`''`: no usable title), or `undefined` when only a parser can tell.
 */
export function plainYamlTitle(value: string): string | undefined {
  let titleLine = -1;
  const lines = value.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    // Keys written some other way ("title":, ? title, &anchor title), flow mappings, directives or
    // several documents: the parser decides.
    if (/^(?:["'?%{[&!*]|---|\.\.\.)/.test(line)) return undefined;
    if (!line.startsWith('title')) continue;
    if (!/^title:(?:[ \t]|\r?$)/.test(line)) {
      if (/^title[ \t]*:/.test(line)) return undefined;
      continue;
    }
    if (titleLine !== -1) return undefined;
    titleLine = index;
  }
  if (titleLine === -1) return '';
  // A value continued on the next lines (indented, perhaps after blank lines) is not one line.
  for (let index = titleLine + 1; index < lines.length; index += 1) {
    const line = lines[index]!.replace(/\r$/, '');
    if (line.trim() === '') continue;
    if (/^[ \t]/.test(line)) return undefined;
    break;
  }
  const raw = lines[titleLine]!.slice('title:'.length).replace(/\r$/, '').trim();
  if (raw === '') return undefined;
  const quoted = /^"([^"\\]*)"$/.exec(raw) ?? /^'([^']*)'$/.exec(raw);
  if (quoted) return quoted[1]!.trim();
  if (raw.includes('#')) return undefined;
  // Indicators that start something other than a plain scalar, and plain scalars YAML reads as
  // numbers, booleans or null (any value starting with a digit, sign, dot or `~` is left to it).
  if (/^[-?:,[\]{}&*!|>'"%@`+.~\d]/.test(raw)) return undefined;
  if (/^(?:true|false|null)$/i.test(raw)) return undefined;
  if (/:(?:[ \t]|$)/.test(raw)) return undefined;
  return raw;
}
