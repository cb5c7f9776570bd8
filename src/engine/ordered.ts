/**
 * Runs `work` on every item with at most `window` items in flight, and hands each result to
 * `take` in item order: parallel work, ordered output, bounded memory. A failed item rejects
 * with its error once its turn comes (later items are still awaited, so nothing is left running).
 */
export async function forEachOrdered<T, R>(
  items: readonly T[],
  window: number,
  work: (item: T) => Promise<R>,
  take: (result: R, item: T) => Promise<void> | void,
): Promise<void> {
  type Settled = { ok: true; value: R } | { ok: false; error: unknown };
  const inFlight: Promise<Settled>[] = [];
  let failure: { error: unknown } | null = null;
  let next = 0;
  let taken = 0;
  const launch = (): void => {
    const item = items[next++]!;
    // Settled at once, so a rejection waiting for its turn is never "unhandled".
    inFlight.push(work(item).then((value): Settled => ({ ok: true, value }), (error: unknown): Settled => ({ ok: false, error })));
  };
  while (next < items.length && inFlight.length < Math.max(1, window)) launch();
  while (inFlight.length > 0) {
    const settled = await inFlight.shift()!;
    const item = items[taken++]!;
    if (!failure) {
      if (settled.ok) await take(settled.value, item);
      else failure = { error: settled.error };
    }
    if (!failure && next < items.length) launch();
  }
  if (failure) throw failure.error;
}
