import type { IncomingMessage, ServerResponse } from 'node:http';
import { tokens } from './fake-ollama.js';
import { readJson, sendJson, startHttpServer } from './http.js';

/**
 * An OpenAI-compatible server stand-in at the HTTP boundary (vLLM, llama-server and the like
 * cannot run here). It speaks the real wire format (/v1/models, server-sent-event streamed
 * /v1/chat/completions), so the daemon's real `openai` client code is what gets tested.
 */

export interface OpenAiChatBody {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  stream?: boolean;
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  chat_template_kwargs?: Record<string, unknown>;
}

export interface FakeOpenAiReply {
  text: string;
  /** Stream exactly these chunks of `text` (a tag cut at a chosen place) instead of word tokens. */
  chunks?: string[];
  /** Reasoning streamed first in delta.reasoning_content, as vLLM, SGLang and llama-server do. */
  reasoning?: string;
  /** The first token waits for this (e.g. a promise the test never resolves: a server that hangs). */
  holdFirstToken?: Promise<void>;
  /** Delay between tokens. */
  tokenDelayMs?: number;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  /** After this many tokens, the stream carries an error event and ends. */
  failAfterTokens?: number;
}

export interface FakeOpenAiOptions {
  models?: string[];
  reply?: (body: OpenAiChatBody) => string | FakeOpenAiReply;
  /** Refuse response_format json_schema with a 400, as servers without structured output do. */
  noJsonSchema?: boolean;
  /** Refuse chat_template_kwargs with a 400, as OpenAI's own API does with parameters it does not know. */
  noTemplateKwargs?: boolean;
}

export interface OpenAiStreamRecord {
  body: OpenAiChatBody;
  authorization: string | undefined;
  written: string[];
  /** The client went away before the reply was complete (an aborted stream). */
  aborted: boolean;
  done: boolean;
}

export interface FakeOpenAi {
  /** The API base, …/v1. */
  url: string;
  requests: OpenAiChatBody[];
  streams: OpenAiStreamRecord[];
  paths: string[];
  setReply(reply: FakeOpenAiOptions['reply']): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const models = options.models ?? ['qwen2.5-7b-instruct', 'qwen2.5-3b-instruct', 'qwen2.5-vl-7b-instruct'];
  let reply = options.reply ?? (() => 'Hello from the fake server.');
  const requests: OpenAiChatBody[] = [];
  const streams: OpenAiStreamRecord[] = [];
  const paths: string[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    paths.push(req.url ?? '');
    const json = (status: number, body: unknown) => sendJson(res, status, body);
    const error = (status: number, message: string) => json(status, { error: { message, type: 'invalid_request_error', code: null } });
    if (req.method === 'GET' && req.url === '/v1/models') {
      return json(200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return error(404, 'not found');
    const body = await readJson<OpenAiChatBody>(req);
    requests.push(body);
    if (!models.includes(body.model)) return error(404, `The model \`${body.model}\` does not exist.`);
    if (options.noJsonSchema && body.response_format?.type === 'json_schema') return error(400, 'response_format json_schema is not supported');
    if (options.noTemplateKwargs && body.chat_template_kwargs) return error(400, 'Unrecognized request argument supplied: chat_template_kwargs');
    const answer = reply(body);
    const r: FakeOpenAiReply = typeof answer === 'string' ? { text: answer } : answer;
    if (r.status) return error(r.status, 'fake failure');

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const record: OpenAiStreamRecord = { body, authorization: req.headers.authorization, written: [], aborted: false, done: false };
    streams.push(record);
    res.once('close', () => (record.aborted = !record.done));
    const id = `chatcmpl-${streams.length}`;
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    if (r.holdFirstToken) await r.holdFirstToken;
    for (const thought of tokens(r.reasoning ?? '')) {
      if (res.destroyed) return;
      res.write(chunk({ reasoning_content: thought }, null));
      if (r.tokenDelayMs) await sleep(r.tokenDelayMs);
    }
    const parts = r.chunks ?? tokens(r.text);
    for (const [i, token] of parts.entries()) {
      if (res.destroyed) return;
      if (i === r.failAfterTokens) {
        record.done = true;
        res.end(`data: ${JSON.stringify({ error: { message: 'the model crashed', type: 'server_error' } })}\n\n`);
        return;
      }
      res.write(chunk(i === 0 ? { role: 'assistant', content: token } : { content: token }, null));
      record.written.push(token);
      if (r.tokenDelayMs) await sleep(r.tokenDelayMs);
    }
    if (res.destroyed) return;
    record.done = true;
    res.write(chunk({}, 'stop'));
    const usage = { prompt_tokens: 12, completion_tokens: parts.length, total_tokens: 12 + parts.length };
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model: body.model, choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  const server = await startHttpServer(handle);
  return {
    url: `${server.url}/v1`,
    requests,
    streams,
    paths,
    setReply: (r) => {
      reply = r ?? reply;
    },
    close: () => server.close(),
  };
}
