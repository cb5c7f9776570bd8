/**
 * How many leading items fit: the largest `n` with `costs[0] + … + costs[n − 1] ≤ budget`
 * (`0` when the budget is negative or the first item alone does not fit).
 */
export function fitCount(costs: readonly number[], budget: number): number {
  let used = 0;
  for (let index = 0; index < costs.length; index += 1) {
    used += costs[index]!;
    if (used > budget) return index;
  }
  return costs.length;
}
