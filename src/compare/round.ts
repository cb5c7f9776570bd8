/**
 * Rounds to 2 decimals, so score arithmetic such as `71.1 − 81.1` compares as `−10`
 * rather than `−9.999999999999993` against a threshold. `−0` becomes `0`.
 */
export function round2(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}
