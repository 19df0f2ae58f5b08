import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { ChatHistoryItem, Llama, LlamaContext, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import type { LlmAgent } from '../config/index.js';
import type { Logger } from '../log/index.js';
import { LlmError, type LlmMessage } from './port.js';
import type { BackendChat, BackendChunk, BackendProbe, LlmBackend } from './backend.js';
import { PriorityGate } from './priority.js';

export interface GgufBackendOptions {
  path: string;
  /** 'auto': a GPU when the prebuilt binaries find one, else the CPU. */
  gpu: 'auto' | 'cpu';
  /** 0: half the cores, at least one. */
  threads: number;
  log: Logger;
  /** The agents this file serves, with their context sizes: their contexts are made when the model loads, not on their first call. */
  agents?: () => { agent: LlmAgent; num_ctx?: number }[];
}

const DEFAULT_CONTEXT = 2048;

/** One llama.cpp runtime per process and GPU choice: loading the bindings is the slow part. */
const runtimes = new Map<string, Promise<Llama>>();
function runtime(gpu: 'auto' | 'cpu', log: Logger): Promise<Llama> {
  let llama = runtimes.get(gpu);
  if (!llama) {
    llama = import('node-llama-cpp').then(({ getLlama, LlamaLogLevel }) =>
      // build: 'never' — only the prebuilt binaries from npm; nothing compiles or downloads at run time.
      getLlama({
        gpu: gpu === 'cpu' ? false : 'auto',
        build: 'never',
        logLevel: LlamaLogLevel.error,
        logger: (level, message) => log.debug({ level, message: message.trim() }, 'llama.cpp'),
      }),
    );
    runtimes.set(gpu, llama);
  }
  return llama;
}

function history(messages: LlmMessage[]): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = messages.map((m) =>
    m.role === 'assistant' ? { type: 'model', response: [m.content] } : { type: m.role, text: m.content },
  );
  items.push({ type: 'model', response: [] });
  return items;
}

interface AgentContext {
  context: LlamaContext;
  chat: import('node-llama-cpp').LlamaChat;
  /** One generation at a time per context: the next waits for this one to end. */
  busy: Promise<void>;
}

/**
 * A GGUF model in this process, through node-llama-cpp's prebuilt llama.cpp binaries. Each agent
 * gets its own sequence of a context shared by the agents of the same context size (so its prompt
 * cache survives the other agents' calls). Generation runs on
 * llama.cpp's own threads: the event loop only receives the text chunks, so MQTT keeps flowing.
 */
export class GgufBackend implements LlmBackend {
  readonly kind = 'gguf';
  readonly label: string;
  #model: Promise<LlamaModel> | null = null;
  #bytes: number | null = null;
  #loadFailure: string | null = null;
  #loadedMtime = 0;
  readonly #contexts = new Map<LlmAgent, Promise<AgentContext>>();
  readonly #grammars = new Map<string, Promise<LlamaGrammar>>();
  /** The contexts made, with the agents on their sequences (for health and tests). */
  readonly #pools: { size: number; agents: LlmAgent[] }[] = [];
  /** Every context of this file shares the same cores: a reply goes before background calls, which yield to it. */
  readonly #gate = new PriorityGate();

  constructor(private readonly options: GgufBackendOptions) {
    this.label = `the GGUF file ${options.path}`;
  }

  /**
   * Loads the model and makes the agents' contexts, so that none of it waits for the first
   * visitor's first words; at start-up and when the file comes back. Agents that ask for the same
   * context size share one context, each on a sequence of its own (its prompt cache survives the
   * others' calls): one allocation and one set of llama.cpp threads instead of one per agent
   * (each context cost 130–200 ms to make on a small CPU, measured, and its own threads).
   */
  async load(): Promise<void> {
    const model = await this.#loaded();
    const started = performance.now();
    const agents = (this.options.agents?.() ?? []).filter(({ agent }) => !this.#contexts.has(agent));
    const bySize = new Map<number, LlmAgent[]>();
    for (const { agent, num_ctx } of agents) {
      const size = this.#sizeOf(model, num_ctx);
      bySize.set(size, [...(bySize.get(size) ?? []), agent]);
    }
    // All registered at once, so that no call made meanwhile makes a context of its own.
    await Promise.all([...bySize].flatMap(([size, group]) => this.#pool(group, size)));
    if (agents.length) this.options.log.info({ agents: agents.map((a) => a.agent), contexts: bySize.size, ms: Math.round(performance.now() - started) }, 'gguf contexts prepared');
  }

  /** Compiles the grammar of a structured answer ahead of use (each took about 400 ms on its first call, measured); false when it already was. */
  async prepareGrammar(schema: Record<string, unknown>): Promise<boolean> {
    const known = this.#grammars.has(JSON.stringify(schema));
    await this.#grammar(schema);
    return !known;
  }

  /** The contexts asked for, by size, with the agents that have a sequence of each. */
  contexts(): { size: number; agents: LlmAgent[] }[] {
    return this.#pools.map((p) => ({ size: p.size, agents: [...p.agents] }));
  }

  /** The agents whose contexts are made. */
  async prepared(): Promise<LlmAgent[]> {
    const made = await Promise.allSettled([...this.#contexts].map(async ([agent, c]) => (await c, agent)));
    return made.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []));
  }

  #loaded(): Promise<LlamaModel> {
    this.#model ??= (async () => {
      try {
        const llama = await runtime(this.options.gpu, this.options.log);
        const model = await llama.loadModel({ modelPath: this.options.path });
        this.options.log.info({ path: this.options.path, gpu: llama.gpu || 'cpu', bytes: model.size }, 'gguf model loaded');
        return model;
      } catch (err) {
        // Not a GGUF file llama.cpp can read: health says so until a restart (or a new file).
        this.#loadFailure = `cannot load it: ${(err as Error).message}`;
        this.#model = null;
        throw new LlmError('unavailable', `${this.label}: ${this.#loadFailure}`);
      }
    })();
    return this.#model;
  }

  #sizeOf(model: LlamaModel, size: number | undefined): number {
    return Math.min(size ?? DEFAULT_CONTEXT, model.trainContextSize);
  }

  /** One context for `agents`, a sequence each; registered before it exists, so that a call meanwhile waits for it. */
  #pool(agents: LlmAgent[], size: number): Promise<AgentContext>[] {
    this.#pools.push({ size, agents });
    const context = this.#loaded().then((model) =>
      model.createContext({
        contextSize: size,
        sequences: agents.length,
        // llama.cpp's own default takes every core (more threads than cores on some machines):
        // its threads then spin against the daemon's other work, and a reply took seconds
        // instead of milliseconds on a loaded 2-core machine.
        threads: this.options.threads || Math.max(1, Math.floor(availableParallelism() / 2)),
      }),
    );
    return agents.map((agent) => {
      const made = (async (): Promise<AgentContext> => {
        const ctx = await context;
        const { LlamaChat } = await import('node-llama-cpp');
        return { context: ctx, chat: new LlamaChat({ contextSequence: ctx.getSequence() }), busy: Promise.resolve() };
      })();
      made.catch(() => this.#contexts.delete(agent));
      this.#contexts.set(agent, made);
      return made;
    });
  }

  /** The agent's context: prepared at load, else made now (an agent the profiles did not list). */
  async #contextFor(agent: LlmAgent, size: number | undefined): Promise<AgentContext> {
    const made = this.#contexts.get(agent);
    if (made) return made;
    const model = await this.#loaded();
    return this.#contexts.get(agent) ?? this.#pool([agent], this.#sizeOf(model, size))[0]!;
  }

  #grammar(schema: Record<string, unknown>): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.#grammars.get(key);
    if (!grammar) {
      grammar = runtime(this.options.gpu, this.options.log).then(async (llama) => {
        const started = performance.now();
        try {
          // zod's JSON schema can use keywords the grammar builder does not know; plain JSON then, and the lenient parser.
          return await llama.createGrammarForJsonSchema(schema as never);
        } catch {
          return await llama.getGrammarFor('json');
        } finally {
          this.options.log.debug({ ms: Math.round(performance.now() - started) }, 'gguf grammar compiled');
        }
      });
      this.#grammars.set(key, grammar);
    }
    return grammar;
  }

  /** Background attempts stopped so that a foreground call could run (see PriorityGate). */
  get yielded(): number {
    return this.#gate.yielded;
  }

  chat(request: BackendChat): AsyncIterable<BackendChunk> {
    return this.#gate.run(request.priority === 'background', request.signal, (signal) => this.#generate({ ...request, signal }));
  }

  async *#generate(request: BackendChat): AsyncGenerator<BackendChunk> {
    const agent = await this.#contextFor(request.agent, request.num_ctx);
    const grammar = request.schema ? await this.#grammar(request.schema) : undefined;
    const previous = agent.busy;
    let release!: () => void;
    agent.busy = new Promise((r) => (release = r));
    await previous;

    const queue: BackendChunk[] = [];
    let wake: (() => void) | null = null;
    let finished = false;
    let failure: unknown = null;
    const meter = agent.chat.sequence.tokenMeter.getState();
    let usage: BackendChunk | null = null;
    const generation = agent.chat
      .generateResponse(history(request.messages), {
        signal: request.signal,
        ...(grammar && { grammar }),
        ...(request.temperature !== undefined && { temperature: request.temperature }),
        // Chat wrappers that know the model's thought segments stop them at once on a zero budget.
        ...(request.think === 'off' && { budgets: { thoughtTokens: 0 } }),
        maxTokens: request.maxTokens ?? Math.floor(agent.context.contextSize / 2),
        onResponseChunk: (chunk) => {
          if (!chunk.text) return;
          // Segments the chat wrapper recognised (thoughts, gpt-oss comments) are not for the visitor;
          // text from a template it does not know may still hold inline tags: the facade filters those.
          queue.push(chunk.type === 'segment' ? { reasoning: chunk.text } : { text: chunk.text });
          wake?.();
        },
      })
      .then(
        () => {
          const used = agent.chat.sequence.tokenMeter.diff(meter);
          usage = { usage: { prompt: used.usedInputTokens, completion: used.usedOutputTokens } };
        },
        (err: unknown) => (failure = err),
      )
      .finally(() => {
        finished = true;
        wake?.();
        release(); // only once llama.cpp has really stopped: the context is free again
      });
    void generation;
    // Everything before this was waiting (the gate, the sequence, the context, the grammar); the
    // interaction log keeps it apart. Yielded once the generation runs: its end frees the sequence
    // even when the consumer stops here.
    yield { started: true };
    while (true) {
      if (queue.length) {
        yield queue.shift()!;
        continue;
      }
      if (finished) break;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
    if (failure) throw failure;
    if (usage) yield usage;
  }

  async probe(models: string[]): Promise<BackendProbe> {
    try {
      const info = await stat(this.options.path);
      if (!info.isFile()) throw new Error('not a file');
      this.#bytes = info.size;
      if (this.#loadFailure && info.mtimeMs === this.#loadedMtime) return { reachable: false, version: null, present: [], reason: this.#loadFailure };
      this.#loadedMtime = info.mtimeMs;
      this.#loadFailure = null; // a new file: worth another try
      return { reachable: true, version: null, present: models, ...(this.#model && { loaded: models }) };
    } catch (err) {
      return { reachable: false, version: null, present: [], reason: `cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
    }
  }

  /** The file's size: llama.cpp maps the weights, and they are most of what the model takes. */
  sizeOf(): number | null {
    return this.#bytes;
  }

  classify(err: unknown): LlmError {
    if (err instanceof LlmError) return err;
    return new LlmError('http', `${this.label}: ${(err as Error).message}`);
  }

  async close(): Promise<void> {
    const contexts = await Promise.allSettled(this.#contexts.values());
    this.#contexts.clear();
    this.#pools.length = 0;
    // Agents share contexts: each is disposed once.
    for (const context of new Set(contexts.flatMap((c) => (c.status === 'fulfilled' ? [c.value.context] : [])))) await context.dispose();
    const model = await this.#model?.catch(() => null);
    this.#model = null;
    await model?.dispose();
  }
}
