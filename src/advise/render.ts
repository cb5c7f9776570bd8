import type { LimitAdvice } from './recommend.js';
import type { SectionLength } from './sections.js';
import { bucketize } from './stats.js';
import { renderTable } from '../report/table.js';

/** Renders `chunkgate advise` output as plain text (or Markdown tables with `markdown: true`). */
export function renderAdvice(
  advice: LimitAdvice,
  sections: readonly SectionLength[],
  options: { unit: string; markdown?: boolean; longest?: number },
): string {
  const { stats } = advice;
  const unit = options.unit;
  const round = (value: number) => Math.round(value).toLocaleString('en-US');
  const table = (header: string[], rows: string[][]) => renderTable(header, rows, options.markdown ?? false);
  const lines: string[] = [];
  lines.push(`${stats.count} sections · body length in ${unit}`);
  lines.push(
    `min ${round(stats.min)} · max ${round(stats.max)} · mean ${round(stats.mean)} · median ${round(stats.median)} · P25 ${round(stats.p25)} · P75 ${round(stats.p75)}`,
  );
  lines.push('');
  const lengths = sections.map((section) => section.body);
  lines.push(
    table(
      ['Length', 'Sections', 'Share'],
      bucketize(lengths).map((bucket) => [
        `[${bucket.from}, ${bucket.to ?? '∞'})`,
        String(bucket.count),
        share(bucket.count, stats.count),
      ]),
    ),
  );
  lines.push('');
  lines.push(`Recommended max: ${advice.max.recommended} ${unit} — ${advice.max.reason}`);
  lines.push(`Recommended min: ${advice.min.recommended} ${unit} — ${advice.min.reason}`);
  if (advice.current) {
    const { max, min } = advice.current;
    lines.push('');
    lines.push(
      table(
        ['Setting', 'Current', 'Recommended', 'Current does'],
        [
          ['chunking.max', String(max.value), String(advice.max.recommended), `splits ${max.split}/${stats.count} sections (${share(stats.count - max.split, stats.count)} unsplit)`],
          ['chunking.min', String(min.value), String(advice.min.recommended), `merges ${min.merged}/${stats.count} sections (${share(min.merged, stats.count)})`],
        ],
      ),
    );
  }
  lines.push('');
  lines.push(
    table(
      ['max', 'Split', 'Unsplit'],
      advice.max.candidates.map((c) => [mark(c.value, advice.max.recommended, advice.current?.max.value), `${c.split}/${stats.count}`, share(c.value === 0 ? 0 : stats.count - c.split, stats.count)]),
    ),
  );
  lines.push('');
  lines.push(
    table(
      ['min', 'Merged', 'Share'],
      advice.min.candidates.map((c) => [mark(c.value, advice.min.recommended, advice.current?.min.value), `${c.merged}/${stats.count}`, share(c.merged, stats.count)]),
    ),
  );
  const longest = [...sections].sort((a, b) => b.body - a.body || a.path.localeCompare(b.path)).slice(0, options.longest ?? 5);
  if (longest.length > 0) {
    lines.push('');
    lines.push('Longest sections:');
    for (const section of longest) lines.push(`  ${round(section.body).padStart(7)} ${unit}  ${section.path}:${section.line}  ${section.title}`);
  }
  return `${lines.join('\n')}\n`;
}

function mark(value: number, recommended: number, current?: number): string {
  const marks = `${value === recommended ? ' ✓' : ''}${value === current ? ' (current)' : ''}`;
  return `${value}${marks}`;
}

function share(part: number, total: number): string {
  return total === 0 ? '0%' : `${Math.round((part / total) * 100)}%`;
}
