/**
 * A score as chunkgate reports, grades and compares it: rounded to one decimal (half away
 * from zero on the decimal digits shown, so `79.95` → `80`, `79.949` → `79.9`).
 *
 * Why round at the source: a document at 79.955 printed as "80.0 · warn" contradicts itself.
 * Grading, thresholds and every renderer now see the same number; one decimal is what the
 * text reports print, and finer differences are noise (a single token moves them).
 */
export function roundScore(value: number): number {
  if (!Number.isFinite(value)) return value;
  // toFixed-free: scale, nudge by an epsilon relative to the magnitude so 79.95 (stored as
  // 79.9499999…) rounds up as written, then unscale.
  const scaled = Math.round(value * 10 * (1 + Number.EPSILON));
  const rounded = scaled / 10;
  return rounded === 0 ? 0 : rounded;
}
