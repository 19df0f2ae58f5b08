import { startFakeOllama, tokens as streamChunks, type ChatBody, type FakeOllama } from '../../test/helpers/fake-ollama.js';
import { modelClass, type LatencyProfile } from './profiles.js';

/**
 * An Ollama stand-in whose answers take as long as a real model server's would (docs/latency.md):
 * - time to first token = (prompt tokens not in the prefix cache) ÷ prefill rate + one decode step;
 * - every further output token at the decode rate;
 * - one slot per model, as Ollama/llama.cpp run with one parallel request: a request waits for the
 *   model's previous one, and the slot keeps the KV cache of its last sequence (prompt and answer),
 *   so only what differs after the shared prefix is computed again.
 * Different models run side by side (a simplification: on one real GPU they would share it).
 */

/** Qwen2.5's chat template around each message: <|im_start|>, role, newline … <|im_end|>, newline. */
const TEMPLATE_TOKENS = 5;

/**
 * Approximate BPE tokens of text (Qwen2.5's tokenizer is not shipped here): a CJK character is one
 * token; a run of letters or digits is one token per 6 characters (rounded up), its leading space
 * included; any other symbol is one token. Within ±20 % of real counts for English and German prose.
 * Returned as strings, so that prompts can be compared token by token for the prefix cache.
 */
export function approxTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]| ?[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}]/gu)) {
    const piece = m[0];
    if (/^\s+$/.test(piece)) {
      if (piece.includes('\n')) out.push('\n');
      continue;
    }
    if (piece.length <= 7) out.push(piece);
    else for (let i = 0; i < piece.length; i += 6) out.push(piece.slice(i, i + 6));
  }
  return out;
}

/** The token sequence a model server evaluates for a chat request, template included. */
export function promptTokens(body: ChatBody): string[] {
  const out: string[] = [];
  for (const m of body.messages) {
    out.push('<|im_start|>', m.role, '\n', ...approxTokens(m.content), '<|im_end|>', '\n');
    // A picture costs its own prompt tokens; a 448-px image is ~256 tokens for Qwen2.5-VL.
    for (const [i, image] of (m.images ?? []).entries()) out.push(...Array.from({ length: 256 }, (_, k) => `<img:${image.length}:${i}:${k}>`));
  }
  out.push('<|im_start|>', 'assistant', '\n');
  return out;
}

/** The message (index:role) that holds token `at` of the prompt, or "assistant" for the template's last tokens. */
function messageAt(body: ChatBody, at: number): string {
  let end = 0;
  for (const [i, m] of body.messages.entries()) {
    end += promptTokens({ ...body, messages: [m] }).length - 3;
    if (at < end) return `${i}:${m.role}`;
  }
  return 'assistant';
}

/** One request as the modelled server handled it (times are performance.now(), in scaled ms). */
export interface ModelCall {
  model: string;
  /** What the call is for, recognised from its JSON schema or its shape. */
  agent: string;
  streamed: boolean;
  promptTokens: number;
  /** Prompt tokens found in the slot's cache (the shared prefix with its last sequence). */
  cachedTokens: number;
  /** Where the prompt leaves the cached sequence: the message (index and role) holding the first computed token. */
  divergedAt: string;
  outputTokens: number;
  receivedAt: number;
  /** When the slot became free for it. */
  startedAt: number;
  /** When its last token was written, or it was aborted. */
  endedAt: number | null;
  /** When the first chunk was written. */
  firstTokenAt: number | null;
  /** When the chunk that ends the first sentence of the answer was written (streamed replies). */
  firstSentenceAt: number | null;
  /** When the first answer chunk after the reasoning was written (a thinking model's replies); firstTokenAt otherwise. */
  answerStartAt: number | null;
  aborted: boolean;
  body: ChatBody;
}

export interface LatencyModelServer {
  url: string;
  fake: FakeOllama;
  calls: ModelCall[];
  /** Resolves when no request is in flight. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Slot {
  busy: Promise<void>;
  cache: string[];
  /** When the slot's last request ended (performance.now()). */
  freeAt: number;
}

/** Recognises the agent from the request's JSON schema (the prompt wording may change; the schema rarely does). */
export function agentOf(body: ChatBody): string {
  const props = Object.keys(((body.format as { properties?: object; anyOf?: { properties?: object }[] } | undefined)?.properties ?? {}) as object);
  const anyOf = ((body.format as { anyOf?: { properties?: object }[] } | undefined)?.anyOf ?? []).flatMap((f) => Object.keys(f.properties ?? {}));
  const keys = new Set([...props, ...anyOf]);
  if (!body.format) return body.messages.some((m) => m.images?.length) ? 'vision' : 'response';
  if (keys.has('intent')) return 'intent';
  if (keys.has('emotions')) return 'appraisal';
  if (keys.has('steps') || keys.has('plan')) return 'plan';
  if (keys.has('question') || keys.has('standalone_question')) return 'contextualize';
  if (keys.has('user_name')) return 'memory_update';
  if (keys.has('observation')) return 'summary';
  return 'json';
}

export async function startLatencyModelServer(options: {
  profile: LatencyProfile;
  /** Every modelled delay is multiplied by this (the CPU profile runs faster than real time). */
  timeScale: number;
  /** What the model answers: JSON for structured requests, prose for replies. */
  answer: (body: ChatBody, agent: string) => string;
  /** A reasoning model: every reply first thinks this many tokens inline, in <think>…</think>. */
  thinkTokens?: number;
}): Promise<LatencyModelServer> {
  const slots = new Map<string, Slot>();
  const calls: ModelCall[] = [];
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const { profile, timeScale } = options;

  const fake = await startFakeOllama({
    reply: (body, { arrivedAt }) => {
      // A prompt computed ahead of use asks for one token (num_predict 1): it fills the slot's cache.
      // Any other num_predict is the daemon's cap on an answer's length, honoured as a server would.
      const limit = Number(body.options?.num_predict ?? 0);
      const agent = limit === 1 ? 'prefill' : agentOf(body);
      const answer = options.answer(body, agent);
      const thought = agent === 'response' && options.thinkTokens ? `<think>${Array.from({ length: options.thinkTokens }, (_, i) => ` pondering${i % 10}`).join('')}</think>` : '';
      const text = limit > 0 ? approxTokens(thought + answer).slice(0, limit).join('') : thought + answer;
      const rates = profile.models[modelClass(body.model)];
      const slot = slots.get(body.model) ?? { busy: Promise.resolve(), cache: [], freeAt: 0 };
      slots.set(body.model, slot);
      const prompt = promptTokens(body);
      const output = approxTokens(text);
      const chunks = streamChunks(text);
      const call: ModelCall = {
        model: body.model,
        agent,
        streamed: !body.format,
        promptTokens: prompt.length,
        cachedTokens: 0,
        divergedAt: '',
        outputTokens: output.length,
        // As a real server's time counts from the request, the stand-in's own work on it (reading the
        // body, counting its tokens) is part of the modelled time, not added to it nor to the daemon's.
        receivedAt: arrivedAt,
        startedAt: 0,
        endedAt: null,
        firstTokenAt: null,
        firstSentenceAt: null,
        answerStartAt: null,
        aborted: false,
        body,
      };
      calls.push(call);
      inFlight++;
      const decodeMs = (1000 / rates.decode) * timeScale;
      let release!: () => void;
      const previous = slot.busy;
      slot.busy = new Promise<void>((r) => (release = r));
      // The cache is what the slot holds when this request gets it, so it is read after the wait.
      const queue = previous.then(() => {
        call.startedAt = performance.now();
        let shared = 0;
        while (shared < prompt.length && shared < slot.cache.length && prompt[shared] === slot.cache[shared]) shared++;
        // llama.cpp re-evaluates at least the last prompt token to get logits.
        call.cachedTokens = Math.min(shared, prompt.length - 1);
        call.divergedAt = messageAt(body, call.cachedTokens);
        slot.cache = [...prompt, ...output];
        const modelled = ((prompt.length - call.cachedTokens) / rates.prefill) * 1000 * timeScale + decodeMs;
        // The model began on it when it arrived, or when the slot became free after that.
        reply.firstTokenDelayMs = Math.max(0, modelled - (call.startedAt - Math.max(call.receivedAt, slot.freeAt)));
      });
      const reply = {
        text,
        queue,
        firstTokenDelayMs: 0,
        // Stream chunks are words; each carries its share of the model tokens.
        tokenDelayMs: (decodeMs * output.length) / Math.max(chunks.length, 1),
        onEnd: () => {
          call.endedAt = performance.now();
          slot.freeAt = call.endedAt;
          const record = fake.streams.find((s) => s.body === body);
          call.aborted = record?.aborted ?? false;
          // The answer starts after the reasoning: the chunk that closes it carries the first answer word.
          const answerStart = thought ? chunks.findIndex((t) => t.includes('</think>')) : 0;
          const sentenceEnd = chunks.findIndex((t, i) => i >= answerStart && /[.!?。！？]["')]*$/.test(t));
          call.firstTokenAt = record?.writtenAt[0] ?? null;
          call.answerStartAt = record?.writtenAt[answerStart] ?? null;
          call.firstSentenceAt = record?.writtenAt[sentenceEnd >= 0 ? sentenceEnd : chunks.length - 1] ?? null;
          release();
          if (--inFlight === 0) {
            const ready = waiters;
            waiters = [];
            for (const w of ready) w();
          }
        },
      };
      return reply;
    },
  });
  return {
    url: fake.url,
    fake,
    calls,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => waiters.push(r))),
    close: () => fake.close(),
  };
}
