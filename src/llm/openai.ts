import OpenAI from 'openai';
import type { ChatCompletionContentPart, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { KeptConnection } from './kept-connection.js';
import { LlmError, type LlmMessage } from './port.js';
import type { BackendChat, BackendChunk, BackendProbe, LlmBackend } from './backend.js';

export interface OpenAiBackendOptions {
  /** The API's base URL, e.g. http://gpu-box:8000/v1. */
  url: string;
  /** Local servers usually take any key; the client insists on one. */
  apiKey?: string;
  fetch?: typeof fetch;
}

/** Images arrive as bare base64; the API wants a data URL with the right type. */
function dataUrl(base64: string): string {
  const type = base64.startsWith('iVBOR') ? 'png' : base64.startsWith('R0lG') ? 'gif' : base64.startsWith('UklG') ? 'webp' : 'jpeg';
  return `data:image/${type};base64,${base64}`;
}

function toOpenAi(m: LlmMessage): ChatCompletionMessageParam {
  if (m.role !== 'user' || !m.images?.length) return { role: m.role, content: m.content };
  const parts: ChatCompletionContentPart[] = [
    { type: 'text', text: m.content },
    ...m.images.map((i) => ({ type: 'image_url' as const, image_url: { url: dataUrl(i) } })),
  ];
  return { role: 'user', content: parts };
}

/**
 * The OpenAI API has no switch that turns thinking off; the servers that run open reasoning
 * models (vLLM, SGLang, llama-server) pass chat_template_kwargs to the model's template, and
 * Qwen3's and DeepSeek's templates read enable_thinking from there.
 */
const THINK_OFF = { chat_template_kwargs: { enable_thinking: false } };

/** A request the server refused before streaming (400/422: an option it does not know) is null; other errors throw. */
async function refusedAsNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (err) {
    if (!(err instanceof OpenAI.APIError) || (err.status !== 400 && err.status !== 422)) throw err;
    return null;
  }
}

/**
 * Any OpenAI-compatible server (vLLM, llama.cpp's llama-server, LM Studio, TGI, OpenAI itself)
 * through the official `openai` client.
 */
export class OpenAiBackend implements LlmBackend {
  readonly kind = 'openai';
  readonly label: string;
  readonly #client: OpenAI;
  /** Models whose server refused a json_schema response format: they get json_object from then on. */
  readonly #noSchema = new Set<string>();
  /** Models whose server refused the switch that turns thinking off: they are asked without it from then on. */
  readonly #noThinkSwitch = new Set<string>();

  readonly #connection: KeptConnection;

  constructor(options: OpenAiBackendOptions) {
    this.label = `the OpenAI-compatible server at ${options.url}`;
    this.#connection = new KeptConnection(`${options.url.replace(/\/+$/, '')}/models`, options.fetch ?? fetch);
    this.#client = new OpenAI({
      baseURL: options.url,
      apiKey: options.apiKey || 'none',
      // The facade owns time-outs and retries nothing: a turn cannot wait for back-off.
      maxRetries: 0,
      fetch: this.#connection.fetch,
    });
  }

  /** A turn began: its first call will find the connection to the server open. */
  turnStarted(): void {
    void this.#connection.keep();
  }

  async *chat(request: BackendChat): AsyncGenerator<BackendChunk> {
    const body: ChatCompletionCreateParamsStreaming = {
      model: request.model,
      messages: request.messages.map(toOpenAi),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.temperature !== undefined && { temperature: request.temperature }),
      ...(request.maxTokens && { max_tokens: request.maxTokens }),
    };
    const useSchema = !!request.schema && request.structuredOutput !== 'json_object' && !this.#noSchema.has(request.model);
    const thinkOff = request.think === 'off' && !this.#noThinkSwitch.has(request.model);
    // In order of preference; a server refuses an option it does not know with a 400 before
    // anything streams, and is then asked without it (and never with it again).
    const attempts = [
      ...(useSchema ? [{ schema: true, thinkOff }] : []),
      ...(useSchema && thinkOff ? [{ schema: true, thinkOff: false }] : []),
      { schema: false, thinkOff },
      ...(thinkOff ? [{ schema: false, thinkOff: false }] : []),
    ];
    let stream;
    for (const [i, attempt] of attempts.entries()) {
      const params = {
        ...body,
        ...(attempt.thinkOff && THINK_OFF),
        ...(attempt.schema
          ? { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: request.schema } } }
          : request.schema && { response_format: { type: 'json_object' } }),
      } as ChatCompletionCreateParamsStreaming;
      const pending = this.#client.chat.completions.create(params, { signal: request.signal });
      stream = i === attempts.length - 1 ? await pending : await refusedAsNull(pending);
      if (!stream) continue;
      if (useSchema && !attempt.schema) this.#noSchema.add(request.model);
      if (thinkOff && !attempt.thinkOff) this.#noThinkSwitch.add(request.model);
      break;
    }
    for await (const chunk of stream!) {
      const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string | null; reasoning?: string | null } | undefined;
      // vLLM, SGLang, llama-server and DeepSeek name the separated reasoning reasoning_content; newer vLLM and OpenRouter, reasoning.
      const reasoning = delta?.reasoning_content ?? delta?.reasoning;
      if (reasoning) yield { reasoning };
      if (delta?.content) yield { text: delta.content };
      if (chunk.usage) yield { usage: { prompt: chunk.usage.prompt_tokens ?? null, completion: chunk.usage.completion_tokens ?? null } };
    }
  }

  async probe(models: string[], signal: AbortSignal): Promise<BackendProbe> {
    try {
      const ids = new Set<string>();
      for await (const model of this.#client.models.list({ signal })) ids.add(model.id);
      return { reachable: true, version: null, present: models.filter((m) => ids.has(m)) };
    } catch (err) {
      const e = err as Error & { status?: number; cause?: { code?: string } };
      return { reachable: false, version: null, present: [], reason: e.status ? `HTTP ${e.status}` : (e.cause?.code ?? e.message) };
    }
  }

  classify(err: unknown, model: string): LlmError {
    if (err instanceof LlmError) return err;
    if (err instanceof OpenAI.APIUserAbortError) return new LlmError('aborted', 'request cancelled');
    if (err instanceof OpenAI.APIConnectionError) return new LlmError('unavailable', `${this.label} is not reachable: ${err.message}`);
    if (err instanceof OpenAI.APIError) {
      if (err.status === 404) return new LlmError('model_missing', `${this.label} does not serve ${model}: ${err.message}`);
      // No status: the server reported an error inside the stream.
      return new LlmError('http', `${this.label} answered ${err.status ?? 'mid-stream'}: ${err.message}`);
    }
    return new LlmError('http', `${this.label}: ${(err as Error).message}`);
  }

  async close(): Promise<void> {}
}
