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
}
