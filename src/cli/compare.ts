import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { compareRuns } from '../history/compare-runs.js';
import { parseReport } from '../history/load.js';
import { renderComparison } from '../history/render.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import type { CliIO } from './io.js';

export const COMPARE_USAGE = `Usage: chunkgate compare <A.json> <B.json> [more.json…] [--format text|md|json] [--out F]

Compares runs from their JSON reports (chunkgate eval/diff --format json, or the action's
report.json): two commits, two configs on the same docs (eval --config a.yml, then b.yml),
or several parameter sets at once. Per run: files, chunks, pass/warn/fail rates, mean scores,
issues by severity, verdict, config hash and scorer. Each run after the first against the
first: score and rate changes, issue counts by tag and severity, per-file score changes, the
chunks whose grade changed and the largest chunk score changes.

Options:
  --format FORMAT  text (default), md or json
  --out F          write to F instead of standard output

Exit codes: 0 compared, 2 usage error or a file that is not a report.`;

/** `chunkgate compare`: exit 0 with the comparison, 2 on usage errors or unreadable reports. */
export async function runCompare(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { format: { type: 'string' }, out: { type: 'string' } });
  const format = oneOf('format', values.format, ['text', 'md', 'json'] as const, 'text');
  if (positionals.length < 2) throw new UsageError('compare needs at least two JSON reports');
  const names = positionals.map((path) => basename(path));
  const runs = await Promise.all(
    positionals.map(async (path, index) => {
      let text: string;
      try {
        text = await readFile(resolve(io.cwd, path), 'utf8');
      } catch (error) {
        throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
      }
      // Two reports of the same name in different folders are labelled by their paths.
      const label = names.filter((name) => name === names[index]).length > 1 ? path : names[index]!;
      return { label, report: parseReport(text, path) };
    }),
  );
  const comparison = compareRuns(runs);
  const rendered = format === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison, { markdown: format === 'md' });
  await io.output(rendered, values.out);
  return 0;
}
