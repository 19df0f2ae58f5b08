import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config, ConfigInput } from '../../src/config/index.js';
import { LexicalEmbedder, type Embedder } from '../../src/embeddings/index.js';
import { Health } from '../../src/health/index.js';
import { OllamaLanguageModel, type LanguageModel } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { Memory, type PendingConversation } from '../../src/memory/index.js';
import { ChromaGateway, ChromaVectorStore, Outbox } from '../../src/vectors/index.js';
import { testConfig } from './config.js';

/**
 * Episodic memory as the daemon runs it — the real Memory, the real vector store with its outbox
 * under the config's data directory — on a ChromaDB server at `url` (a real one from
 * test/helpers/chroma.ts, or a port where none listens). The lexical embedder unless given.
 */
export interface TestMemory {
  memory: Memory;
  store: ChromaVectorStore;
  config: Config;
  health: Health;
  embedder: Embedder;
  stop(): Promise<void>;
}

export async function startTestMemory(
  url: string,
  options: { config?: Config; overrides?: ConfigInput; mirror?: boolean; embedder?: Embedder; llm?: LanguageModel; now?: () => Date; idle?: () => Promise<void> } = {},
): Promise<TestMemory> {
  const config = options.config ?? testConfig(options.overrides);
  const health = new Health();
  const store = new ChromaVectorStore({
    gateway: new ChromaGateway(url),
    outbox: new Outbox(path.join(config.paths.data, 'vectors', 'outbox')),
    // Collections of one config only (several tests share a server; re-embedding looks at every collection).
    prefix: `t${createHash('sha256').update(config.paths.data).digest('hex').slice(0, 12)}`,
    timeouts: { queryMs: 1_000, writeMs: 5_000 },
    healthIntervalMs: 500,
    retry: { initialMs: 50, maxMs: 200 },
    log: silentLogger,
    health,
    // In-process copies as the daemon makes them (chroma.mirror), when a test is about them.
    ...(options.mirror && { mirror: config.chroma.mirror }),
  });
  await store.start();
  const embedder = options.embedder ?? new LexicalEmbedder();
  const llm = options.llm ?? new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
  const memory = new Memory({ config, vectors: store, embedder, llm, log: silentLogger, health, ...(options.now && { now: options.now }), ...(options.idle && { quiet: { whenQuiet: options.idle } }) });
  await memory.start();
  return {
    memory,
    store,
    config,
    health,
    embedder,
    stop: async () => {
      await memory.stop();
      await store.stop();
    },
  };
}

const u = (content: string) => ({ role: 'user' as const, content });
const a = (content: string) => ({ role: 'assistant' as const, content });

/** A finished conversation: the person's sentences, each answered by the robot, then goodbye. */
export function conversation(userId: string, userName: string, said: string[], overrides: Partial<PendingConversation> = {}): PendingConversation {
  return {
    format: 1,
    conversation_id: `${userId}-${said.length}-${said[0]?.slice(0, 12) ?? ''}`,
    user_id: userId,
    user_name: userName,
    robot_name: 'Nadine',
    language: 'en',
    ended_at: '2026-11-21T10:00:00.000Z',
    turn_id: 'turn-bye',
    messages: [...said.flatMap((s) => [u(s), a('I see, thank you for telling me.')]), u('Goodbye!'), a(`Goodbye, ${userName}!`)],
    ...overrides,
  };
}
