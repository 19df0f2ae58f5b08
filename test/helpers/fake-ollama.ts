import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, startHttpServer } from './http.js';

/**
 * An Ollama server stand-in at the HTTP boundary (Ollama cannot be installed here). It speaks
 * the real wire format (/api/version, /api/tags, streamed NDJSON /api/chat, /api/embed), so the
 * daemon's real `ollama` client code is what gets tested.
 */

export interface ChatBody {
  model: string;
  messages: { role: string; content: string; images?: string[] }[];
  stream?: boolean;
  format?: unknown;
  options?: Record<string, unknown>;
}

export interface FakeReply {
  text: string;
  /** Stream exactly these chunks of `text` (a tag cut at a chosen place) instead of word tokens. */
  chunks?: string[];
  /** Reasoning streamed first in message.thinking, as Ollama does for thinking models. */
  thinking?: string;
  /** Delay before the first token. */
  firstTokenDelayMs?: number;
  /** Delay between tokens. */
  tokenDelayMs?: number;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  /** Wait for this before the first-token delay (a model server still busy with earlier requests). */
  queue?: Promise<unknown>;
  /** Called once when the reply ends, complete or aborted (frees what `queue` waits on). */
  onEnd?: () => void;
}

export interface FakeOllamaOptions {
  models?: string[];
  /** `arrivedAt`: performance.now() when the request reached the server, before its body was read. */
  reply?: (body: ChatBody, request: { arrivedAt: number }) => string | FakeReply;
  embed?: (input: string[], model: string) => number[][];
  /** Bytes per model: its size on disk in /api/tags and in memory in /api/ps (1 when not given). */
  sizes?: Record<string, number>;
  /** Listen on this port (a server that comes back where it was); a free one by default. */
  port?: number;
}

/** How one streamed /api/chat reply went, as the server saw it. */
export interface StreamRecord {
  body: ChatBody;
  tokens: string[];
  /** performance.now() when the request arrived, and when each token was written. */
  receivedAt: number;
  writtenAt: number[];
  /** The client went away before the reply was complete (an aborted stream). */
  aborted: boolean;
  done: boolean;
}

export interface FakeOllama {
  url: string;
  /** Every /api/chat request body, in order. */
  chats: ChatBody[];
  /** Every streamed chat reply, in order. */
  streams: StreamRecord[];
  /** Every request path, in order. */
  paths: string[];
  /** Models loaded by an empty /api/generate (Ollama's preload), in order. */
  loads: { model: string; keep_alive?: string | number }[];
  /** Models in memory, as /api/ps lists them: preloaded or chatted with. */
  loaded: Set<string>;
  setReply(reply: FakeOllamaOptions['reply']): void;
  setModels(models: string[]): void;
  close(): Promise<void>;
}

const DEFAULT_MODELS = ['qwen2.5:3b', 'qwen2.5:7b', 'qwen2.5vl:7b'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits text into word-ish tokens the way a model streams them. */
export function tokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  let models = options.models ?? DEFAULT_MODELS;
  let reply = options.reply ?? (() => 'Hello from the fake model.');
  const chats: ChatBody[] = [];
  const streams: StreamRecord[] = [];
  const paths: string[] = [];
  const loads: FakeOllama['loads'] = [];
  const loaded = new Set<string>();
  const sizeOf = (m: string) => options.sizes?.[m] ?? 1;
  const canonical = (m: string) => (m.includes(':') ? m : `${m}:latest`);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrivedAt = performance.now();
    paths.push(req.url ?? '');
    const json = (status: number, body: unknown) => sendJson(res, status, body);
    if (req.method === 'GET' && req.url === '/api/version') return json(200, { version: '0.12.0-fake' });
    if (req.method === 'GET' && req.url === '/api/tags') {
      return json(200, {
        models: models.map((name) => ({
          name,
          model: name,
          modified_at: new Date(0).toISOString(),
          size: sizeOf(name),
          digest: 'fake',
          details: { format: 'gguf', family: 'fake', families: ['fake'], parameter_size: '1B', quantization_level: 'Q4_0' },
        })),
      });
    }
    if (req.method === 'GET' && req.url === '/api/ps') {
      return json(200, {
        models: [...loaded].map((name) => ({
          name,
          model: name,
          size: sizeOf(name),
          size_vram: 0,
          digest: 'fake',
          expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
          details: { format: 'gguf', family: 'fake', families: ['fake'], parameter_size: '1B', quantization_level: 'Q4_0' },
        })),
      });
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body = await readJson<any>(req);

    if (req.method === 'POST' && req.url === '/api/embed') {
      if (!models.map(canonical).includes(canonical(body.model))) return json(404, { error: `model "${body.model}" not found, try pulling it first` });
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      return json(200, { model: body.model, embeddings: (options.embed ?? (() => []))(input, body.model) });
    }
    if (req.method === 'POST' && req.url === '/api/generate') {
      // Only the preload form (no prompt) is served: the daemon generates through /api/chat.
      if (!models.map(canonical).includes(canonical(body.model))) return json(404, { error: `model "${body.model}" not found, try pulling it first` });
      loads.push({ model: body.model, keep_alive: body.keep_alive });
      loaded.add(models.find((m) => canonical(m) === canonical(body.model))!);
      return json(200, { model: body.model, created_at: new Date().toISOString(), response: '', done: true, done_reason: 'load' });
    }
    if (req.method !== 'POST' || req.url !== '/api/chat') return json(404, { error: 'not found' });

    const receivedAt = performance.now();
    chats.push(body as ChatBody);
    if (!models.map(canonical).includes(canonical(body.model))) {
      return json(404, { error: `model "${body.model}" not found, try pulling it first` });
    }
    loaded.add(models.find((m) => canonical(m) === canonical(body.model))!);
    const answer = reply(body as ChatBody, { arrivedAt });
    const r: FakeReply = typeof answer === 'string' ? { text: answer } : answer;
    if (r.status) return json(r.status, { error: 'fake failure' });

    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.flushHeaders();
    const created_at = new Date().toISOString();
    const record: StreamRecord = { body: body as ChatBody, tokens: r.chunks ?? tokens(r.text), receivedAt, writtenAt: [], aborted: false, done: false };
    streams.push(record);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      r.onEnd?.();
    };
    res.once('close', () => {
      record.aborted = !record.done;
      end();
    });
    if (r.queue) await r.queue;
    if (r.firstTokenDelayMs) await sleep(r.firstTokenDelayMs);
    for (const thought of tokens(r.thinking ?? '')) {
      if (res.destroyed) return end();
      res.write(`${JSON.stringify({ model: body.model, created_at, message: { role: 'assistant', content: '', thinking: thought }, done: false })}\n`);
      if (r.tokenDelayMs) await sleep(r.tokenDelayMs);
    }
    for (const token of record.tokens) {
      if (res.destroyed) return end();
      res.write(`${JSON.stringify({ model: body.model, created_at, message: { role: 'assistant', content: token }, done: false })}\n`);
      record.writtenAt.push(performance.now());
      if (r.tokenDelayMs) await sleep(r.tokenDelayMs);
    }
    record.done = true;
    end();
    res.end(
      `${JSON.stringify({
        model: body.model,
        created_at,
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        total_duration: 1,
        eval_count: tokens(r.text).length,
      })}\n`,
    );
  }

  // Ollama's server keeps an idle connection open, and says no time-out in its answers.
  const server = await startHttpServer(handle, options.port ?? 0, { keepIdle: true });
  return {
    url: server.url,
    chats,
    streams,
    paths,
    loads,
    loaded,
    setReply: (r) => {
      reply = r ?? reply;
    },
    setModels: (m) => {
      models = m;
    },
    close: () => server.close(),
  };
}
