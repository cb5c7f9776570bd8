import type { DocDiff, Report, ScoreDelta } from '../../types.js';
import { problemCounts } from '../headline.js';
import { explainRegression } from '../explain.js';
import { ruleLinkHtml, ruleOf } from '../rule-links.js';
import { chunkTitle, formatDelta, formatNumber, lineRange, plural } from '../format.js';
import type { RegressionEntry } from '../order.js';
import { escapeText } from './escape.js';
import { chunkId } from './source-view.js';

/** `96 → 71 ▼25`, the arrow coloured; `—` for a missing side. */
export function scoreChange(file: DocDiff, kind: ScoreDelta['kind']): string {
  const delta = file.deltas.find((candidate) => candidate.kind === kind);
  const arrow = delta && delta.label !== 'neutral' ? formatDelta(delta.delta) : '';
  const css = delta?.label === 'regression' ? 'down' : 'up';
  return `${formatNumber(delta?.baseValue ?? null)} → ${formatNumber(delta?.headValue ?? null)}${arrow ? ` <span class="${css}">${arrow}</span>` : ''}`;
}

/**
 * The regressed chunks, worst file first, each a link (`href="#<chunk id>"`, `data-ref`) that
 * jumps to its head band: path and lines, heading path, score before → after, the cause and why.
 */
export function regressionList(entries: readonly RegressionEntry[], fileIndex: ReadonlyMap<DocDiff, number>): string {
  if (entries.length === 0) return '<p class="muted">No regressed chunks.</p>';
  const items = entries.map(({ file, regression }) => {
    const id = chunkId(`f${fileIndex.get(file)}-head`, regression.head.index);
    const why = explainRegression(regression);
    const change = regression.base
      ? `${formatNumber(regression.base.score)} → ${formatNumber(regression.head.score)} <span class="down">${formatDelta(regression.delta)}</span>`
      : `new · ${formatNumber(regression.head.score)}`;
    return `<li><a class="jump" href="#${id}" data-ref="${id}"><code>${escapeText(file.path)}</code> ${lineRange(regression.head)} · ${escapeText(chunkTitle(regression.head))}</a> ${change} · ${cause(why.cause)} ${escapeText(why.reason)}</li>`;
  });
  return `<ol class="regressions">\n${items.join('\n')}\n</ol>`;
}

/** The file list: path (link to its section), status, chunks base → head, the three scores with deltas, regressions, failures. */
export function fileList(files: readonly DocDiff[]): string {
  const rows = files.map((file, index) => {
    const chunks = `${formatNumber(file.base?.chunks.length ?? null)} → ${formatNumber(file.head?.chunks.length ?? null)}`;
    const from = file.previousPath ? ` <span class="muted">(from <code>${escapeText(file.previousPath)}</code>)</span>` : '';
    return [
      `<tr><td><a href="#f${index}"><code>${escapeText(file.path)}</code></a>${from}</td>`,
      `<td>${file.status}</td><td class="num">${chunks}</td>`,
      `<td class="num">${scoreChange(file, 'structural')}</td><td class="num">${scoreChange(file, 'content')}</td><td class="num">${scoreChange(file, 'overall')}</td>`,
      `<td class="num">${file.regressions.length}</td><td class="num">${file.failures.length}</td></tr>`,
    ].join('');
  });
  return [
    '<table class="files"><thead><tr><th>File</th><th>Status</th><th>Chunks</th><th>Structural</th><th>Content</th><th>Overall</th><th>Regressed</th><th>Failures</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table>',
  ].join('\n');
}

/** The threshold failures of a file as a list; `''` when none. */
export function failureItems(file: DocDiff): string {
  if (file.failures.length === 0) return '';
  return `<ul class="failures">${file.failures.map((failure) => `<li class="down">${escapeText(failure.message)}</li>`).join('')}</ul>`;
}

/**
 * The passages the retrieval probes found harder to find, one item each — file and head lines
 * (linking to the file's section), heading, rank base → head and the likely cause; `''` when none.
 */
export function passageItems(files: readonly DocDiff[], fileIndex: ReadonlyMap<DocDiff, number>): string {
  const items = files.flatMap((file) =>
    file.findings
      .filter((finding) => finding.kind === 'retrieval-regression')
      .map((finding) => {
        const lines = finding.line === undefined ? '' : ` L${finding.line}${finding.endLine !== undefined && finding.endLine !== finding.line ? `–L${finding.endLine}` : ''}`;
        const heading = finding.headingPath && finding.headingPath.length > 0 ? ` · ${escapeText(finding.headingPath.join(' › '))}` : '';
        const rank = (value: number | null | undefined) => (value === null || value === undefined ? 'not found' : String(value));
        const loss = finding.retrieval;
        const ranks = loss ? ` · rank ${rank(loss.baseRank)} → ${rank(loss.headRank)}` : '';
        const cause = loss?.cause ? ` · ${escapeText(loss.cause)}` : '';
        return `<li class="down" data-line="${finding.line ?? ''}"><a href="#f${fileIndex.get(file) ?? 0}"><code>${escapeText(file.path)}</code>${lines}</a>${heading}${ranks}${cause}</li>`;
      }),
  );
  return items.length === 0 ? '' : `<ul class="passages">${items.join('')}</ul>`;
}

/**
 * The verdict with what the change breaks, counted as the comment counts it ({@link problemCounts}),
 * then the sizes: `Fails: 1 table split in 1 of 3 changed Markdown files · 3 files · 15 chunks`.
 * Without a base (an audit) there is no change to count: `Fails · 3 files · 15 chunks`.
 */
export function countsLine(report: Report, compared: boolean): string {
  const { summary } = report;
  const headline = compared ? problemCounts(report, {}).headline : summary.verdict === 'fail' ? 'fails' : 'passes';
  return [`${headline.charAt(0).toUpperCase()}${headline.slice(1)}`, plural(summary.files, 'file'), plural(summary.chunks, 'chunk')].join(' · ');
}

/** The badge of a regression's cause: a link to the rule's page when it is a rule, else the metric's name. */
function cause(name: string): string {
  const rule = ruleOf(name);
  return rule ? ruleLinkHtml(rule, 'tag sev-high') : `<span class="tag sev-high">${escapeText(name)}</span>`;
}
