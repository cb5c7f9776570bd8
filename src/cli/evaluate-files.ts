import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { evaluateDocument } from '../engine/evaluate.js';
import type { DocEval } from '../types.js';

/** A file to evaluate: its repo-relative path and text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** Evaluates each file with the settings that apply to its path (overrides included). */
export function evaluateFiles(files: readonly SourceFile[], config: Config): DocEval[] {
  return files.map((file) =>
    evaluateDocument(file.path, file.text, {
      chunking: settingsFor(config, file.path).chunking,
      weights: config.scoring.weights,
    }),
  );
}
