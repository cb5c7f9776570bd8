import type { InlineDisablePolicy } from '../../config/types.js';
import type { RuleLevels } from '../../shared/rules.js';
import type { DocEval, FileStatus, ParsedDoc } from '../../types.js';
import type { ChunkMatch } from '../align.js';

/** What the section findings of one file are computed from (all plain data, nothing re-parsed). */
export interface FindingInput {
  path: string;
  status: FileStatus;
  base?: DocEval;
  head?: DocEval;
  /** The parsed base document (blocks with offsets); findings that need blocks are skipped without it. */
  baseDoc?: ParsedDoc;
  headDoc?: ParsedDoc;
  /** Head chunks aligned with base chunks. */
  matches: readonly ChunkMatch[];
  /** Base Markdown source, for the line diff (default: the base document's). */
  baseSource?: string;
  /** Head Markdown source (default: the head document's). */
  headSource?: string;
  /** `inlineDisables` of the config (default: `gate`): whether a disable comment the change adds or widens gates, is listed, or is ignored. */
  inlineDisables?: InlineDisablePolicy;
  /** The levels of the file's rules (`rules:` of the config, for its path): a finding kind set there to `warn` never gates, to `off` is dropped (default: each kind's default, `error`). */
  levels?: RuleLevels;
}
