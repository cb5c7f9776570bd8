import { BUCKET_EDGES, bucketize } from '../../advise/stats.js';
import { escapeText } from './escape.js';
import { SIDE_COLORS } from './style.js';

/** Section body lengths of each side of a file (`null` for a side that does not exist). */
export interface HistogramInput {
  base: readonly number[] | null;
  head: readonly number[] | null;
  /** Unit of the lengths, for the caption (`tokens` or `chars`). */
  unit: string;
}

const WIDTH = 380;
const HEIGHT = 160;
const TOP = 30;
const BOTTOM = 30;
const LEFT = 8;

/**
 * The section-length histogram (docs/cli.md#choosing-max-and-min) as an inline SVG: one group per bucket
 * ([0,100) [100,200) [200,500) [500,1000) [1000,2000) [2000,∞)), a grey bar for base and a
 * blue bar for head, each labelled with its count. Bar height = count / largest count ×
 * plot height. `null` when neither side has a section.
 */
export function sectionHistogram(input: HistogramInput): string | null {
  const base = input.base ? bucketize(input.base) : null;
  const head = input.head ? bucketize(input.head) : null;
  const largest = Math.max(0, ...(base ?? []).map((bucket) => bucket.count), ...(head ?? []).map((bucket) => bucket.count));
  if (largest === 0) return null;
  const group = (WIDTH - LEFT * 2) / BUCKET_EDGES.length;
  const bar = (group - 10) / 2;
  const plot = HEIGHT - TOP - BOTTOM;
  const parts = [
    `<svg class="hist" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Section body length histogram">`,
    `<text x="${LEFT}" y="11">Section body length (${escapeText(input.unit)}), sections per bucket · <tspan fill="${SIDE_COLORS.base}">■ base</tspan> <tspan fill="${SIDE_COLORS.head}">■ head</tspan></text>`,
  ];
  BUCKET_EDGES.forEach((from, index) => {
    const x = LEFT + index * group + 5;
    const sides: Array<['base' | 'head', number | null]> = [
      ['base', base ? base[index]!.count : null],
      ['head', head ? head[index]!.count : null],
    ];
    sides.forEach(([side, count], offset) => {
      if (count === null) return;
      const height = (count / largest) * plot;
      const barX = x + offset * bar;
      const y = TOP + plot - height;
      parts.push(`<rect class="bar-${side}" x="${barX.toFixed(1)}" y="${y.toFixed(1)}" width="${(bar - 1).toFixed(1)}" height="${height.toFixed(1)}" fill="${SIDE_COLORS[side]}"><title>${side}: ${count}</title></rect>`);
      parts.push(`<text x="${(barX + bar / 2 - 3).toFixed(1)}" y="${(y - 2).toFixed(1)}">${count}</text>`);
    });
    const to = BUCKET_EDGES[index + 1];
    parts.push(`<text x="${x.toFixed(1)}" y="${HEIGHT - BOTTOM + 14}">${to === undefined ? `${from}+` : `${from}–${to}`}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}
