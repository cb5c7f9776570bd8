import type { Grade } from '../../types.js';

/** Band colour per grade (GitHub's Primer success / attention / danger colours). */
export const GRADE_COLORS: Readonly<Record<Grade, string>> = {
  pass: '#1a7f37',
  warn: '#bf8700',
  fail: '#cf222e',
};

/** Histogram bar colours: base in grey, head in blue. */
export const SIDE_COLORS = { base: '#8c959f', head: '#0969da' } as const;

/** The page's whole stylesheet (inline: the report loads nothing). */
export const STYLE = `
:root { color-scheme: light; --pass: ${GRADE_COLORS.pass}; --warn: ${GRADE_COLORS.warn}; --fail: ${GRADE_COLORS.fail}; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; }
main { margin-right: 340px; padding: 16px 24px 48px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 12px 0 6px; }
code, .src { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
a { color: #0969da; }
.muted { color: #59636e; }
.verdict-fail { color: var(--fail); font-weight: 600; }
.verdict-pass { color: var(--pass); font-weight: 600; }
table.files { border-collapse: collapse; }
table.files th, table.files td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left; }
table.files td.num { text-align: right; white-space: nowrap; }
.down { color: var(--fail); } .up { color: var(--pass); }
ol.regressions li { margin: 3px 0; }
.tag { display: inline-block; font: 11px/1.5 ui-monospace, monospace; padding: 0 5px; margin: 0 2px; border-radius: 8px; border: 1px solid; vertical-align: baseline; }
.sev-high { color: var(--fail); border-color: var(--fail); background: #ffebe9; }
.sev-medium { color: #9a6700; border-color: #d4a72c; background: #fff8c5; }
.sev-low { color: #59636e; border-color: #afb8c1; background: #f6f8fa; }
.file { margin-top: 24px; }
.file-head { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 8px; }
.side { min-width: 0; border: 1px solid #d0d7de; border-radius: 6px; }
.side > header { padding: 4px 8px; background: #f6f8fa; border-bottom: 1px solid #d0d7de; font-weight: 600; }
.side .empty { padding: 8px; }
.src { display: grid; row-gap: 0; padding: 4px 0; overflow-x: auto; }
.src .n { color: #8c959f; text-align: right; padding-right: 6px; user-select: none; }
.src .t { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0 8px 0 4px; min-height: 1.45em; }
.band { display: block; width: 8px; margin: 1px 1px; border-radius: 3px; cursor: pointer; opacity: 0.85; }
.band.g-pass { background-color: var(--pass); } .band.g-warn { background-color: var(--warn); } .band.g-fail { background-color: var(--fail); }
.band.reg { outline: 2px solid #1f2328; outline-offset: 0; opacity: 1; }
.band.sel, .band:target { outline: 3px solid #0969da; opacity: 1; }
.cut { display: inline-block; font: 10px/1.3 ui-monospace, monospace; color: #fff; padding: 0 3px; border-radius: 3px; margin-right: 2px; cursor: pointer; }
.cut.g-pass { background: var(--pass); } .cut.g-warn { background: var(--warn); } .cut.g-fail { background: var(--fail); }
.end { display: inline-block; width: 0; height: 1.1em; vertical-align: text-bottom; border-right: 2px solid #8c959f; margin: 0 2px; }
aside#panel { position: fixed; top: 0; right: 0; bottom: 0; width: 330px; overflow-y: auto; border-left: 1px solid #d0d7de; background: #f6f8fa; padding: 12px; }
aside#panel table { border-collapse: collapse; width: 100%; }
aside#panel td { border-bottom: 1px solid #d0d7de; padding: 2px 4px; }
aside#panel td.num { text-align: right; }
.score.g-pass { color: var(--pass); } .score.g-warn { color: #9a6700; } .score.g-fail { color: var(--fail); }
.score { font-weight: 600; }
svg.hist text { font: 10px sans-serif; fill: #59636e; }
`;
