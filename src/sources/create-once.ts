import { isAmbiguousWrite } from './octokit.js';

/** Options of {@link createOnce}. */
export interface CreateOnceOptions<T> {
  /** What is created, for the log: `the sticky comment`. */
  what: string;
  /** The POST. */
  create: () => Promise<T>;
  /** Looks for what an earlier `create` may have made despite its lost answer; `null` when nothing is there. */
  find: () => Promise<T | null>;
  /** Creates tried at most (default: `3`). */
  attempts?: number;
  /** Milliseconds to wait before looking, so GitHub's lists catch up with the write (default: `1000`). */
  settleMs?: number;
  onNotice?: (message: string) => void;
}

/**
 * Runs a non-idempotent create at most once in effect. When the POST ends without a definite
 * answer (5xx, timeout, reset — GitHub may have applied it; see `isAmbiguousWrite`), it looks
 * with `find` before trying again and adopts what it finds. Definite failures (4xx) are thrown
 * at once; so is the last ambiguous one.
 */
export async function createOnce<T>(options: CreateOnceOptions<T>): Promise<T> {
  const attempts = options.attempts ?? 3;
  const notice = options.onNotice ?? (() => {});
  for (let attempt = 1; ; attempt++) {
    try {
      return await options.create();
    } catch (error) {
      if (!isAmbiguousWrite(error) || attempt >= attempts) throw error;
      notice(`creating ${options.what} got no definite answer; looking for it before trying again`);
      await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 1000));
      const found = await options.find();
      if (found !== null) {
        notice(`${options.what} had been created; not creating it again`);
        return found;
      }
    }
  }
}
