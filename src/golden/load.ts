import { parseYamlWith } from '../config/load.js';
import { goldenSchema, type GoldenSet } from './schema.js';

/**
 * Parses and validates a golden set (`.chunkgate/golden.yml`); errors name the key, its
 * line and what is allowed, as for the config. Pure: the caller reads the file.
 */
export function parseGolden(text: string, fileName: string): GoldenSet {
  return parseYamlWith(goldenSchema, text, fileName, 'golden set');
}
