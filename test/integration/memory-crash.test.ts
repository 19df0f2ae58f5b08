import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedBroker, TurnEventSchema, type EmbeddedBroker } from '../../src/bus/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { conversationQueueDir, memoryCollectionName } from '../../src/memory/index.js';
import { chromaCollections, waitFor } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { spawnDaemon, SPAWNED_ONLINE_MS } from '../helpers/daemon-process.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
let broker: EmbeddedBroker;
let probe: Probe;
const sharedChroma = chromaCollections();
let fake: FakeOllama;
const isSummary = (c: { messages: { content: string }[] }) => c.messages[0]!.content.startsWith("You write the robot's memory");
beforeAll(async () => {
  broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
  probe = await Probe.connect(broker.url, `${P}#`);
  // The summary never comes back in time: the daemon is killed while it waits for it.
  fake = await startFakeOllama({ reply: (body) => (isSummary(body) ? { text: '{}', firstTokenDelayMs: 120_000 } : body.format ? '{}' : 'How interesting!') });
});
afterAll(async () => {
  await probe.close();
  await broker.close();
  await fake.close();
});

it('kill -9 of the daemon before the farewell is summarised: the conversation is remembered at the next start', { timeout: 300_000 }, async () => {
  const chroma = sharedChroma();
  const config = testConfig({ chroma, embeddings: { backend: 'lexical' } });
  const data = config.paths.data;
  writeFileSync(path.join(data, 'user_ids.json'), JSON.stringify({ alice_01: 'Alice' }));
  mkdirSync(path.join(data, 'memory', 'user_profiles', 'alice_01'), { recursive: true });
  writeFileSync(path.join(data, 'memory', 'user_profiles', 'alice_01', 'user_info.json'), JSON.stringify({ user_id: 'alice_01', user_name: 'Alice' }));

  const { child, exited } = spawnDaemon({
    NADINE_MQTT__URL: broker.url,
    NADINE_PATHS__DATA: data,
    NADINE_LLM__URL: fake.url,
    NADINE_CHROMA__URL: chroma.url,
    NADINE_CHROMA__COLLECTION_PREFIX: chroma.collectionPrefix,
    NADINE_EMBEDDINGS__BACKEND: 'lexical',
    NADINE_LOG__LEVEL: 'silent',
    NADINE_SPEECH__BARGE_IN: 'false',
  });
  try {
    await probe.next(`${P}agent/status`, (m) => JSON.parse(m.text).status === 'online', SPAWNED_ONLINE_MS);
    await probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_id: 'alice_01', user_name: 'Alice', confidence: 95 }));
    const events = () => probe.messages.filter((m) => m.topic === `${P}agent/state/turn`).map((m) => TurnEventSchema.parse(JSON.parse(m.text)));
    await probe.publish(`${P}agent/user_speech`, 'I just adopted a grey cat called Pixel.');
    await expect.poll(() => events().length, { timeout: 20_000 }).toBe(1);
    await probe.publish(`${P}agent/user_speech`, 'Goodbye!');
    await expect.poll(() => events().length, { timeout: 20_000 }).toBe(2);
    expect(events()[1]).toMatchObject({ user_id: 'alice_01', memory_saved: { status: 'queued' } });
    await waitFor(() => fake.chats.some(isSummary), 20_000, 'summary requested');
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
  expect(readdirSync(conversationQueueDir(config)).filter((f) => f.endsWith('.json'))).toHaveLength(1);

  // The next daemon (no language model now) finds the conversation and remembers it, extractively.
  const daemon = await startDaemon({ config: { ...config, llm: { ...config.llm, enabled: false } }, log: silentLogger, mqtt: false });
  try {
    await waitFor(() => daemon.vectors.store.status().reachable, 10_000, 'ChromaDB reachable');
    expect(await daemon.memory!.flush(20_000)).toBe(true);
    expect(await daemon.vectors.store.flush(20_000)).toBe(true);
    const space = { embedder: daemon.embeddings.id, dims: daemon.embeddings.dims };
    const stored = await daemon.vectors.store.collection(memoryCollectionName('alice_01', space), space).get();
    const episode = stored.find((r) => r.metadata.memory_type === 'episode');
    expect(episode?.document).toContain('Alice said: “I just adopted a grey cat called Pixel.”');
    expect(episode?.metadata.summary_source).toBe('extractive');
  } finally {
    await daemon.stop();
  }
});
