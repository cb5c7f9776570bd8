/** One thing wrong with a config file, with its place. */
export interface ConfigProblem {
  /** Dotted path of the key, e.g. `chunking.max` or `overrides[0].paths` (`''` for a YAML syntax error). */
  key: string;
  /** 1-based line in the config file, `null` when unknown. */
  line: number | null;
  /** What is wrong, e.g. `unexpected value 0` or `unknown key "chunkin" — did you mean "chunking"?`. */
  message: string;
  /** The values the key accepts, in words, e.g. `heading, recursive, sentence, fixed`. */
  allowed?: string;
}

/**
 * Formats one problem as `file:line: key: what is wrong (allowed: …)`; the line, key and
 * allowed parts are left out when unknown or empty.
 */
function formatProblem(fileName: string, problem: ConfigProblem): string {
  const place = problem.line === null ? fileName : `${fileName}:${problem.line}`;
  const key = problem.key === '' ? '' : `${problem.key}: `;
  const allowed = problem.allowed === undefined ? '' : ` (allowed: ${problem.allowed})`;
  return `${place}: ${key}${problem.message}${allowed}`;
}

/**
 * Thrown for an invalid config file (the CLI exits with code 2, docs/design.md#robust-shells). The message
 * lists every problem, one {@link formatProblem} line each, under a one-line header.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly fileName: string;
  readonly problems: ConfigProblem[];

  /** @param what what the file is, for the header (default: `config`; the golden set says `golden set`). */
  constructor(fileName: string, problems: ConfigProblem[], what = 'config') {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super([`invalid ${what} ${fileName} (${count}):`, ...problems.map((problem) => formatProblem(fileName, problem))].join('\n'));
    this.fileName = fileName;
    this.problems = problems;
  }
}
