import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestMatch } from '../shared/closest-match.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A mistake in how the command was called: exit code 2, one line and a pointer to `--help`. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * `util.parseArgs` in strict mode with positionals, typed from `options`: a `string` option
 * reads as `string | undefined`, a `boolean` one as `boolean | undefined`, a `multiple` one as
 * an array — no casts at the call sites. Its errors become one-line {@link UsageError}s (exit
 * code 2): an unknown option with the closest known one ("did you mean `--format`?").
 */
export function parseCommandArgs<const T extends Options>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(argsProblem(error, Object.keys(options)));
  }
}

/** `parseArgs`' error in one line, in our words: what was wrong and, for a typo, the option meant. */
export function argsProblem(error: unknown, known: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const option = /'(-[^' ]*)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    const name = option.replace(/^-+/, '');
    const suggestion = name.length > 1 ? closestMatch(name, known) : null;
    return `unknown option ${option}${suggestion ? ` — did you mean --${suggestion}?` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/does not take an argument/.test(message)) return `${option} takes no value`;
    if (/ambiguous/.test(message)) return `${option} needs a value (write ${option}=VALUE for a value that starts with a dash)`;
    return `${option} needs a value`;
  }
  return message.split('\n')[0]!;
}

/** Reads a string option that must be one of `allowed`. */
export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const suggestion = closestMatch(value, allowed);
  throw new UsageError(`Unexpected --${name} ${JSON.stringify(value)}, expected one of: ${allowed.join(', ')}${suggestion ? ` — did you mean ${suggestion}?` : ''}`);
}

/** The error for a missing or unknown subcommand, with the closest one when `sub` looks like a typo. */
export function unknownSubcommand(command: string, sub: string | undefined, allowed: readonly string[]): UsageError {
  const suggestion = sub ? closestMatch(sub, allowed) : null;
  const choices = `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`;
  return new UsageError(
    sub === undefined
      ? `missing subcommand: ${choices}`
      : `Unexpected ${command} subcommand ${JSON.stringify(sub)}, expected ${choices}${suggestion ? ` — did you mean \`chunkgate ${command} ${suggestion}\`?` : ''}`,
  );
}
