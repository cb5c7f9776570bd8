import type { JudgeMessage, JudgeProvider, JudgeRequest } from './types.js';

/** A request's answer, or why there is none, with the token usage the API reported. */
export type Outcome = { promptTokens: number; completionTokens: number } & ({ content: string } | { reason: string });

/**
 * Sends one structured-output request under a time budget, retries included, and turns every
 * failure into a reason (`"<code>: <detail>"`): the judge's and the probe questions' one way to ask.
 */
export async function askModel(
  provider: JudgeProvider,
  request: { model: string; messages: JudgeMessage[]; schema: JudgeRequest['schema']; timeoutMs: number },
): Promise<Outcome> {
  const controller = new AbortController();
  const limited = Number.isFinite(request.timeoutMs) && request.timeoutMs > 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing the abort keeps the budget even when a provider ignores the signal
  // (the openai client sleeps out a long `retry-after` before it checks it).
  const expired = new Promise<'timeout'>((resolve) => {
    if (limited) {
      timer = setTimeout(() => {
        controller.abort();
        resolve('timeout');
      }, request.timeoutMs);
    }
  });
  const none = { promptTokens: 0, completionTokens: 0 };
  try {
    const call = Promise.resolve().then(() =>
      provider.complete({ model: request.model, messages: request.messages, schema: request.schema, signal: controller.signal }),
    );
    // After a timeout nobody awaits the call any more; its late rejection must not surface as unhandled.
    call.catch(() => undefined);
    const response = await Promise.race([call, expired]);
    if (response === 'timeout') return { ...none, reason: `timeout: no answer within ${request.timeoutMs} ms` };
    const usage = { promptTokens: count(response.promptTokens), completionTokens: count(response.completionTokens) };
    if (response.refusal) return { ...usage, reason: `refusal: ${short(response.refusal)}` };
    if (response.content === null || response.content.trim() === '') return { ...usage, reason: 'empty-answer: the model returned no content' };
    return { ...usage, content: response.content };
  } catch (error) {
    if (controller.signal.aborted) return { ...none, reason: `timeout: no answer within ${request.timeoutMs} ms` };
    return { ...none, reason: reasonOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const status = error !== null && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number') return `http-error: HTTP ${status}${message ? ` (${short(message)})` : ''}`;
  if (error instanceof Error && /timeout/i.test(error.name)) return `timeout: ${short(message)}`;
  return `provider-error: ${short(message)}`;
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
