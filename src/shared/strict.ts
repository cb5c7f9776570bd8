import { z } from 'zod';

/**
 * A strict mapping (unknown keys are errors) whose errors follow the convention of schema.ts:
 * for an unknown key, the comma-separated list of the keys allowed at that level (load.ts
 * prints it as "(allowed: …)" and picks its typo suggestion from it); otherwise "a mapping
 * with keys …". Shared by every YAML file chunkgate validates (the config, the golden set).
 */
export function strict<S extends z.ZodRawShape>(shape: S) {
  const keys = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? keys : `a mapping with keys ${keys}`),
  });
}
