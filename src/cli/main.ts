import { ConfigError } from '../config/load.js';
import { closestMatch } from '../shared/closest-match.js';
import { VERSION } from '../version.js';
import { ADVISE_USAGE, runAdvise } from './advise.js';
import { UsageError } from './args.js';
import { COMPARE_USAGE, runCompare } from './compare.js';
import { DIFF_USAGE, runDiff } from './diff.js';
import { EVAL_USAGE, runEval } from './eval.js';
import { GOLDEN_USAGE, runGolden } from './golden.js';
import { CALIBRATE_USAGE, runCalibrate } from './calibrate.js';
import type { CliIO } from './io.js';
import { MERGE_USAGE, runMerge } from './merge.js';

const USAGE = `chunkgate ${VERSION} — guard the RAG chunk quality of Markdown docs

Usage: chunkgate <command> [options]

Commands:
  eval <paths…>     chunk and score Markdown files
  diff [paths…]     compare base and head chunks, as the pull-request action does
  advise <paths…>   recommend chunking.max and chunking.min from section lengths
  golden check      validate the golden set against the docs; list stale excerpts
  golden suggest    draft golden queries (types A–D) with an LLM, for review
  compare <A> <B>…  compare runs from their JSON reports (two commits, two configs)
  calibrate         sample judged chunks for people to score; score the judge against them
  merge <reports…>  combine the JSON reports of a sharded run (--shard I/N)

Run 'chunkgate <command> --help' for a command's options.`;

const COMMANDS: Record<string, { run: (argv: string[], io: CliIO) => Promise<number>; usage: string }> = {
  eval: { run: runEval, usage: EVAL_USAGE },
  advise: { run: runAdvise, usage: ADVISE_USAGE },
  diff: { run: runDiff, usage: DIFF_USAGE },
  golden: { run: runGolden, usage: GOLDEN_USAGE },
  compare: { run: runCompare, usage: COMPARE_USAGE },
  calibrate: { run: runCalibrate, usage: CALIBRATE_USAGE },
  merge: { run: runMerge, usage: MERGE_USAGE },
};

/** The line under a usage error: where the options are listed. */
function helpHint(command?: string): string {
  return command ? `Run \`chunkgate ${command} --help\` for its options.` : 'Run `chunkgate --help` for the commands.';
}

/**
 * Runs the CLI and returns the exit code: 0 ok, 1 verdict fail (diff), 2 usage or
 * config error. The only place that turns an error into an exit code.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr(USAGE);
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    io.stdout(USAGE);
    return 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(VERSION);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    const suggestion = closestMatch(name, Object.keys(COMMANDS));
    io.stderr(`chunkgate: unknown command ${JSON.stringify(name)}${suggestion ? ` — did you mean \`chunkgate ${suggestion}\`?` : ''}\n${helpHint()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line and where to read more: the whole usage text would bury the line that matters.
      io.stderr(`chunkgate ${name}: ${error.message}\n${helpHint(name)}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr(`chunkgate ${name}: ${error.message}`);
      return 2;
    }
    // Expected failures (a missing file, a git error) read best as one line; the stack is for us.
    const detail = error instanceof Error ? (io.env.CHUNKGATE_DEBUG ? (error.stack ?? error.message) : error.message) : String(error);
    io.stderr(`chunkgate ${name}: ${detail}`);
    return 2;
  }
}
