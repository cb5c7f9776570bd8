/**
 * Words every layer uses: small types and constants with no behaviour. They live on the ground
 * floor so that the plain data types (src/types.ts), the config and the rule registry can name
 * them without importing one another.
 */

/** Severity of a finding. */
export type Severity = 'high' | 'medium' | 'low';

/**
 * What a rule's findings do (Lighthouse CI's levels), set per rule in `rules:` of the config:
 * `error` — the rule's default behaviour (reported; a rule whose new findings gate still gates);
 * `warn` — reported and still scored (a capping rule still caps), but never gating;
 * `off` — the rule does not run and its findings are dropped (no cap, no regression).
 */
export const RULE_LEVELS = ['error', 'warn', 'off'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/** Size unit for chunk limits. */
export type SizeUnit = 'tokens' | 'chars';

/** Query types of a golden set: A single point · B several points in one doc · C several docs · D multi-hop. */
export const QUERY_TYPES = ['A', 'B', 'C', 'D'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** Default CPU time one file (one side of it) may take to parse, chunk and score, in ms (`limits.cpuSeconds`). */
export const DEFAULT_FILE_BUDGET_MS = 30_000;
