import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A mistake in how the command was called: exit code 2, with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * `util.parseArgs` in strict mode with positionals, typed from `options`: a `string` option
 * reads as `string | undefined`, a `boolean` one as `boolean | undefined`, a `multiple` one as
 * an array — no casts at the call sites. Its errors become {@link UsageError}s (exit code 2).
 */
export function parseCommandArgs<const T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads a string option that must be one of `allowed`. */
export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Unexpected --${name} ${JSON.stringify(value)}, expected one of: ${allowed.join(', ')}`);
}
