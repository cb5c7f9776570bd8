import type { ChunkingOptions } from '../types.js';

/**
 * Whether each schema-produced `chunking` object had `tiny` set by the user. `Config`
 * (src/config/types.ts) carries only the final number, yet `settingsFor` must know
 * whether to re-derive it from an override's `max`; a WeakMap keeps that fact beside
 * the object without changing the shared type or the JSON the config serialises to.
 */
const explicitTiny = new WeakMap<ChunkingOptions, boolean>();

/**
 * The default `tiny` for a given `max`: `round(0.1 × max)` ("10% of max",
 * docs/scores.md#structural-metrics-per-document).
 */
export function deriveTiny(max: number): number {
  return Math.round(max * 0.1);
}

/** Records whether `chunking.tiny` came from the user (called by the config schema). */
export function markTinySource(chunking: ChunkingOptions, explicit: boolean): void {
  explicitTiny.set(chunking, explicit);
}

/**
 * Whether `chunking.tiny` was set by the user. For objects the schema did not produce
 * (hand-built or cloned configs) the rule is: explicit unless it equals {@link deriveTiny}`(max)`.
 */
export function isTinyExplicit(chunking: ChunkingOptions): boolean {
  return explicitTiny.get(chunking) ?? chunking.tiny !== deriveTiny(chunking.max);
}
