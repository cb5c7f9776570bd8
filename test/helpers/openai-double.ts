/**
 * A loopback OpenAI-compatible server for tests: `POST /v1/chat/completions` and `/v1/embeddings`
 * (and both without `/v1`, for a `baseURL` without it) on 127.0.0.1, random port.
 * Each request is recorded and answered as the test's script says.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the double received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The full request target, query included. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (`null` when it was not JSON). */
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown; [key: string]: unknown } | null;
  /** Target chunk indexes named in the user message ("Target chunk indexes: 1, 2"). */
  targets: number[];
}

/** How to answer one request. */
type DoubleReply =
  /** A schema-valid answer for the request's targets, scores from `score` (default {@link defaultScore}); `omit` leaves indexes out. */
  | { kind: 'valid'; score?: (index: number, dimension: number) => number; omit?: number[] }
  /** This object, JSON-encoded, as the message content. */
  | { kind: 'answer'; answer: unknown }
  /** This exact message content (e.g. malformed JSON). */
  | { kind: 'content'; content: string }
  /** `message.refusal` set, content `null`. */
  | { kind: 'refusal'; refusal: string }
  /** An HTTP error status with optional headers (e.g. `retry-after`). */
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Never answer (the connection stays open until the client gives up or the double closes). */
  | { kind: 'hang' };

/** Decides the reply to the `n`-th request (0-based, counting every request received). */
export type Script = (request: RecordedRequest, n: number) => DoubleReply;

/** How to answer one `/embeddings` request. */
export type EmbeddingReply =
  /** {@link bagOfWords} of every input. */
  | { kind: 'valid' }
  /** These values as the `embedding` of the items, in order, each with its `index` (mixed lengths, empty, zeros, strings…). */
  | { kind: 'vectors'; vectors: unknown[] }
  /** This exact body (invalid JSON, or JSON numbers no double holds, like `1e999`), with this content type (default: JSON). */
  | { kind: 'body'; body: string; contentType?: string }
  /** An HTTP error status, with `error.message` (default: `double says <status>`). */
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  /** Never answer. */
  | { kind: 'hang' };

/** Decides the reply to the `n`-th embeddings request (0-based, counting embeddings requests only) for its `inputs`. */
export type EmbeddingScript = (inputs: string[], n: number) => EmbeddingReply;

export interface OpenAIDouble {
  /** `http://127.0.0.1:<port>/v1` */
  baseURL: string;
  /** `http://127.0.0.1:<port>` (no `/v1`) */
  origin: string;
  requests: RecordedRequest[];
  setScript(script: Script): void;
  setEmbeddingScript(script: EmbeddingScript): void;
  close(): Promise<void>;
}

/** Usage reported on every successful answer: 1000 prompt tokens, 200 completion tokens. */
const DOUBLE_USAGE = { prompt_tokens: 1000, completion_tokens: 200 } as const;

const DIMENSIONS = ['semantic_coherence', 'context_self_containment', 'information_completeness', 'boundary_quality', 'overlap_rationality'];

/** Default score of dimension `d` (0–4, schema order) for chunk `index`: `50 + index % 40 + d`. */
function defaultScore(index: number, dimension: number): number {
  return 50 + (index % 40) + dimension;
}

/** A schema-shaped answer for `targets`. */
export function validAnswer(targets: number[], score: (index: number, dimension: number) => number = defaultScore): unknown {
  return {
    chunks: targets.map((index) => ({
      index,
      reasoning: `Chunk ${index} reads well on its own.`,
      strengths: ['focused'],
      weaknesses: [],
      scores: Object.fromEntries(DIMENSIONS.map((name, dimension) => [name, score(index, dimension)])),
    })),
    chunk_issues: targets.filter((index) => index % 2 === 1).map((index) => ({ index, issues: [`odd chunk ${index}`], severity: 'medium' })),
  };
}

/** Reads "Target chunk indexes: 1, 2, 3" from the request's user message. */
export function targetsOf(body: RecordedRequest['body']): number[] {
  const user = body?.messages?.find((message) => message.role === 'user')?.content ?? '';
  const line = /^Target chunk indexes: (.*)$/m.exec(user);
  return line ? line[1]!.split(',').map((part) => Number(part.trim())).filter(Number.isInteger) : [];
}

/** Dimensions of the double's embeddings. */
export const EMBEDDING_DIMENSIONS = 64;

/**
 * The double's embedding of `text`: a bag of words hashed into 64 dimensions (word
 * `w` adds 1 at `sum of its char codes % 64`), L2-normalised — texts sharing words point
 * the same way, which is all a retrieval test needs.
 */
export function bagOfWords(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let sum = 0;
    for (const char of word) sum += char.codePointAt(0)!;
    vector[sum % EMBEDDING_DIMENSIONS]! += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/** Starts the double; the default scripts answer every request validly. */
export async function startOpenAIDouble(script: Script = () => ({ kind: 'valid' }), embeddingScript: EmbeddingScript = () => ({ kind: 'valid' })): Promise<OpenAIDouble> {
  let current = script;
  let currentEmbeddings = embeddingScript;
  let embeddingRequests = 0;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST' && (path === '/v1/embeddings' || path === '/embeddings')) {
        const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { input: string | string[]; model: string };
        const inputs = Array.isArray(body.input) ? body.input : [body.input];
        requests.push({ method: req.method, path, url: req.url ?? '', headers: req.headers, body: body, targets: [] });
        const reply = currentEmbeddings(inputs, embeddingRequests++);
        if (reply.kind === 'hang') return;
        if (reply.kind === 'status') {
          res
            .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
            .end(JSON.stringify({ error: { message: reply.message ?? `double says ${reply.status}`, type: 'double_error', code: null } }));
          return;
        }
        if (reply.kind === 'body') {
          res.writeHead(200, { 'content-type': reply.contentType ?? 'application/json' }).end(reply.body);
          return;
        }
        const vectors = reply.kind === 'vectors' ? reply.vectors : inputs.map(bagOfWords);
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            object: 'list',
            model: body.model,
            data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
            usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
          }),
        );
        return;
      }
      if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${path}` } }));
        return;
      }
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8')) as RecordedRequest['body'];
      } catch {
        body = null;
      }
      const request: RecordedRequest = { method: req.method, path, url: req.url ?? '', headers: req.headers, body, targets: targetsOf(body) };
      requests.push(request);
      const reply = current(request, requests.length - 1);
      if (reply.kind === 'hang') return;
      if (reply.kind === 'status') {
        res
          .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
          .end(JSON.stringify({ error: { message: `double says ${reply.status}`, type: 'double_error', code: null } }));
        return;
      }
      let content: string | null;
      let refusal: string | null = null;
      if (reply.kind === 'valid') {
        const omit = new Set(reply.omit ?? []);
        content = JSON.stringify(validAnswer(request.targets.filter((index) => !omit.has(index)), reply.score));
      } else if (reply.kind === 'answer') {
        content = JSON.stringify(reply.answer);
      } else if (reply.kind === 'content') {
        content = reply.content;
      } else {
        content = null;
        refusal = reply.refusal;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-double-${requests.length}`,
          object: 'chat.completion',
          created: 0,
          model: body?.model ?? 'unknown',
          choices: [{ index: 0, message: { role: 'assistant', content, refusal }, finish_reason: 'stop', logprobs: null }],
          usage: { ...DOUBLE_USAGE, total_tokens: DOUBLE_USAGE.prompt_tokens + DOUBLE_USAGE.completion_tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseURL: `${origin}/v1`,
    origin,
    requests,
    setScript(next) {
      current = next;
    },
    setEmbeddingScript(next) {
      currentEmbeddings = next;
    },
    close() {
      // Hanging requests keep their sockets open; drop them so close() returns.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
