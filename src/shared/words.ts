/**
 * Words every layer uses: small types and constants with no behaviour. They live on the ground
 * floor so that the plain data types (src/types.ts), the config and the rule registry can name
 * them without importing one another.
 */

/** Severity of a finding. */
export type Severity = 'high' | 'medium' | 'low';

/** Size unit for chunk limits. */
export type SizeUnit = 'tokens' | 'chars';

/** Query types of a golden set: A single point · B several points in one doc · C several docs · D multi-hop. */
export const QUERY_TYPES = ['A', 'B', 'C', 'D'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** Default CPU time one file (one side of it) may take to parse, chunk and score, in ms (`limits.cpuSeconds`). */
export const DEFAULT_FILE_BUDGET_MS = 30_000;
