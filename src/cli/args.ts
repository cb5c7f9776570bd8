import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: exit code 2, with the usage text. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** `util.parseArgs` in strict mode, with its errors turned into {@link UsageError}s. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values, positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads a string option that must be one of `allowed`. */
export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Unexpected --${name} ${JSON.stringify(value)}, expected one of: ${allowed.join(', ')}`);
}
