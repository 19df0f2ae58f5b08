import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ForgetReportSchema, TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import type { ConfigInput } from '../../src/config/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { conversationQueueDir, memoryCollectionName, parseMemoryCollectionName } from '../../src/memory/index.js';
import type { StoredRecord } from '../../src/vectors/index.js';
import { startChroma, waitFor, type ChromaProcess } from '../helpers/chroma.js';
import { tempDir, testConfig } from '../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { Probe } from '../helpers/mqtt.js';
import { STANDIN_MINILM_DIR } from '../helpers/standin.js';

const P = 'nadine/';
let chroma: ChromaProcess;
beforeAll(async () => {
  chroma = await startChroma();
});
afterAll(() => chroma.kill());

let running: { daemon: Daemon; probe: Probe } | null = null;
let fake: FakeOllama | null = null;
afterEach(async () => {
  await running?.probe.close();
  await running?.daemon.stop();
  await fake?.close();
  running = null;
  fake = null;
});

const PEOPLE = { alice_01: 'Alice', bob_02: 'Bob', carol_03: 'Carol' } as const;
type Person = keyof typeof PEOPLE;
let prefixes = 0;

/**
 * The daemon on its embedded broker with memory on a real ChromaDB server (its own collection
 * prefix), the lexical embedder (ranking is meaningful), and people perception has stored.
 */
async function start(overrides: ConfigInput = {}) {
  const config = testConfig({
    chroma: { url: chroma.url, collectionPrefix: `mq${++prefixes}x${process.pid}`, healthIntervalMs: 300, restart: { initialMs: 100, maxMs: 300 } },
    embeddings: { backend: 'lexical' },
    // Each utterance is answered in turn, and the robot never waits for end_speak.
    speech: { bargeIn: false, waitForEndSpeak: false },
    ...overrides,
  });
  writeFileSync(path.join(config.paths.data, 'user_ids.json'), JSON.stringify(PEOPLE));
  for (const [id, name] of Object.entries(PEOPLE)) {
    mkdirSync(path.join(config.paths.data, 'memory', 'user_profiles', id), { recursive: true });
    writeFileSync(path.join(config.paths.data, 'memory', 'user_profiles', id, 'user_info.json'), JSON.stringify({ user_id: id, user_name: name }));
  }
  const daemon = await startDaemon({ config, log: silentLogger, mqtt: true });
  const probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  running = { daemon, probe };
  await waitFor(() => daemon.vectors.store.status().reachable, 10_000, 'ChromaDB reachable');
  const events = () => probe.messages.filter((m) => m.topic === `${P}agent/state/turn`).map((m) => TurnEventSchema.parse(JSON.parse(m.text)));
  const say = async (text: string): Promise<TurnEvent> => {
    const n = events().length + 1;
    await probe.publish(`${P}agent/user_speech`, text);
    await expect.poll(() => events().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
    return events()[n - 1]!;
  };
  const detect = (user_id: string | null, user_name = user_id ? PEOPLE[user_id as Person] : 'unknown') =>
    probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_id, user_name, confidence: 95 }));
  const turn = async (who: Person, text: string) => {
    await detect(who);
    const event = await say(text);
    expect(event.user_id, text).toBe(who);
    return event;
  };
  const space = { embedder: daemon.embeddings.id, dims: daemon.embeddings.dims };
  const records = (who: string): Promise<StoredRecord[]> => daemon.vectors.store.collection(memoryCollectionName(who, space), space).get();
  /** Every farewell summarised, and every write in ChromaDB. */
  const settle = async () => {
    expect(await daemon.memory!.flush(20_000)).toBe(true);
    expect(await daemon.vectors.store.flush(20_000)).toBe(true);
  };
  return { config, daemon, probe, events, say, detect, turn, records, settle };
}

describe('episodic memory over MQTT, on a real ChromaDB server', () => {
  it('two people alternating in front of the robot each recall only their own memories', async () => {
    const t = await start();
    await t.turn('alice_01', "I'm training for the Berlin marathon in October.");
    await t.turn('bob_02', 'I collect vintage electric guitars.');
    await t.turn('alice_01', 'My sister lives in Lisbon.');
    await t.turn('bob_02', "I'm moving to Oslo next month.");
    const aliceBye = await t.turn('alice_01', 'Goodbye!');
    const bobBye = await t.turn('bob_02', 'Bye, see you!');
    expect(aliceBye.memory_saved).toMatchObject({ status: 'queued', messages: 6 });
    expect(bobBye.memory_saved).toMatchObject({ status: 'queued', messages: 6 });
    await t.settle();

    const alice = await t.records('alice_01');
    const bob = await t.records('bob_02');
    // Each visit is remembered when it ends (someone else stepping in ends it), the farewell too.
    expect(new Set(alice.map((r) => r.metadata.memory_type))).toEqual(new Set(['conversation', 'episode']));
    const text = (rs: StoredRecord[]) => rs.map((r) => r.document).join('\n');
    expect(text(alice)).toMatch(/Berlin marathon/);
    expect(text(alice)).toMatch(/Lisbon/);
    expect(text(alice)).not.toMatch(/guitar|Oslo/);
    expect(text(bob)).toMatch(/guitars/);
    expect(text(bob)).not.toMatch(/marathon|Lisbon/);
    for (const [who, rs] of [['alice_01', alice], ['bob_02', bob]] as const) for (const r of rs) expect(r.metadata.user_id).toBe(who);

    // Recall, through the turn, for each person: only their own memories, whatever they ask.
    const ids = { alice_01: new Set(alice.map((r) => r.id)), bob_02: new Set(bob.map((r) => r.id)) };
    const asked: [Person & keyof typeof ids, string][] = [
      ['alice_01', 'How is my marathon training going?'],
      ['bob_02', 'How is my marathon training going?'],
      ['bob_02', 'Do you remember my vintage guitars?'],
      ['alice_01', 'Do you remember my vintage guitars?'],
    ];
    const recalled: string[][] = [];
    for (const [who, question] of asked) {
      const event = await t.turn(who, question);
      const memories = event.memories ?? [];
      for (const m of memories) expect(ids[who].has(m.id), `${who} recalled ${m.id}`).toBe(true);
      recalled.push(memories.map((m) => m.type));
    }
    // The questions about their own facts did recall something (and Bob's marathon question could not).
    expect(recalled[0]).toContain('episode');
    expect(recalled[2]).toContain('episode');

    // A known person greeting the robot is reminded of what they told last time (offline reply):
    // the last thing Bob stated before leaving, quoted word for word.
    await t.turn('bob_02', 'I collect vintage electric guitars.');
    await t.say('Goodbye!'); // Bob's farewell: this conversation is remembered
    await t.settle();
    const hello = await t.turn('bob_02', 'Hello Nadine!');
    expect(hello.memories).toEqual([expect.objectContaining({ type: 'episode' })]);
    // (The greeting's wording follows the robot's mood; the memory is quoted word for word.)
    expect(hello.reply).toMatch(/(Last time|I remember) you told me: “I collect vintage electric guitars\.”/);
  });

  it('never saves anything for someone unknown', async () => {
    const t = await start();
    await t.detect(null);
    await t.say('I live in Oslo.');
    await t.say('I love jazz and sailing.');
    const bye = await t.say('Goodbye!');
    expect(bye).toMatchObject({ user_id: null, memory_saved: { status: 'skipped', reason: 'unknown_user' } });
    await t.settle();
    expect(readdirSync(conversationQueueDir(t.config)).filter((f) => f.endsWith('.json'))).toEqual([]);
    expect((await t.daemon.vectors.store.listCollections()).filter((c) => parseMemoryCollectionName(c.name))).toEqual([]);
  });

  it('answers every turn while ChromaDB is killed during the farewells; after its restart every episode is there', async () => {
    const t = await start();
    for (const who of Object.keys(PEOPLE) as Person[]) await t.turn(who, `My favourite city is ${who === 'alice_01' ? 'Rome' : who === 'bob_02' ? 'Kyoto' : 'Quito'}.`);
    await t.detect('alice_01');
    const first = t.say('Goodbye!');
    await chroma.kill('SIGKILL');
    const byes = [await first];
    for (const who of ['bob_02', 'carol_03'] as const) byes.push(await t.turn(who, 'Goodbye!'));
    await waitFor(() => !t.daemon.vectors.store.status().reachable, 10_000, 'ChromaDB seen down');
    // Answered all the same, and the farewells are queued (the recall in between gives nothing).
    const during = await t.turn('alice_01', 'Hello again, what is my favourite city?');
    for (const e of [...byes, during]) expect(e.reply.length).toBeGreaterThan(0);
    for (const e of byes) expect(e.memory_saved).toMatchObject({ status: 'queued' });
    expect(during.memories).toEqual([]);
    expect(t.daemon.health.get('vectors')?.status).toBe('degraded');

    await chroma.restart();
    await t.settle();
    for (const [i, who] of (['alice_01', 'bob_02', 'carol_03'] as const).entries()) {
      const saved = byes[i]!.memory_saved as { conversation_id: string };
      const episodes = (await t.records(who)).filter((r) => r.metadata.memory_type === 'episode');
      expect(episodes.map((r) => r.id)).toEqual([`${saved.conversation_id}:episode`]);
    }
  });

  it('summarises a farewell cut short by the next utterance with the language model, in the background', async () => {
    const EPISODE = { observation: 'Alice said she is training for the Berlin marathon.', thought: 'She is a runner.', action: 'I wished her luck.', result: 'She left.' };
    const isSummary = (c: { messages: { content: string }[] }) => c.messages[0]!.content.startsWith("You write the robot's memory");
    fake = await startFakeOllama({
      reply: (body) => {
        if (isSummary(body)) return JSON.stringify(EPISODE);
        if (body.format) return '{}'; // other structured requests: nothing
        const last = body.messages.at(-1)!.content;
        // The farewell's reply is slow: the next utterance arrives while it is being written.
        return last.startsWith('Goodbye!') ? { text: 'Goodbye Alice, good luck with the marathon!', firstTokenDelayMs: 5_000 } : 'How interesting!';
      },
    });
    const t = await start({ llm: { enabled: true, url: fake.url }, speech: { bargeIn: true, waitForEndSpeak: false } });
    await t.turn('alice_01', "I'm training for the Berlin marathon in October.");
    await t.probe.publish(`${P}agent/user_speech`, 'Goodbye!');
    await waitFor(() => fake!.chats.some((c) => c.messages.at(-1)?.content.startsWith('Goodbye!') && !c.format), 10_000, 'the farewell reply requested');
    await t.probe.publish(`${P}agent/user_speech`, 'Oh wait, one more thing.');
    await expect.poll(() => t.events().length, { timeout: 10_000 }).toBe(3);
    const cut = t.events()[1]!;
    expect(cut.speech).toMatchObject({ interrupted: true });
    expect(cut.memory_saved).toMatchObject({ status: 'queued' });
    await t.settle();
    expect(fake.chats.filter(isSummary)).toHaveLength(1);
    const episode = (await t.records('alice_01')).find((r) => r.metadata.memory_type === 'episode')!;
    expect(episode).toMatchObject({ document: Object.values(EPISODE).join(' '), metadata: { summary_source: 'llm', highlight: "I'm training for the Berlin marathon in October." } });
  });

  it('forget-me over the admin topic deletes the person\'s memories, verified by searching ChromaDB', async () => {
    const t = await start();
    await t.turn('alice_01', "I'm training for the Berlin marathon.");
    await t.turn('alice_01', 'Goodbye!');
    await t.turn('bob_02', 'I collect guitars.');
    await t.turn('bob_02', 'Goodbye!');
    await t.settle();
    await t.probe.publish(`${P}agent/admin/forget_user`, JSON.stringify({ user_id: 'alice_01' }));
    const report = ForgetReportSchema.parse(JSON.parse((await t.probe.next(`${P}agent/state/user_forgotten`)).text));
    expect(report).toMatchObject({ user_id: 'alice_01', ok: true, remaining: [], failed: [] });
    expect(report.removed).toContain('episodic memory: memories in ChromaDB (1 collection(s))');
    // (The knowledge base has a collection of its own.)
    const owners = (await t.daemon.vectors.store.listCollections()).flatMap((c) => parseMemoryCollectionName(c.name)?.userId ?? []);
    expect(owners).toEqual(['bob_02']);
  });

  it('runs on an ONNX embedder too (the stand-in MiniLM through the real loading code: plumbing, not ranking)', async () => {
    const t = await start({ embeddings: { backend: 'onnx', onnx: { model: STANDIN_MINILM_DIR } }, memory: { minSimilarity: { model: -1 } }, paths: { rag: tempDir() } });
    expect(t.daemon.embeddings.id).toMatch(/^onnx:standin\/all-MiniLM-L6-v2#/);
    await t.turn('carol_03', 'I grow tomatoes on my balcony.');
    await t.turn('carol_03', 'Goodbye!');
    await t.settle();
    const stored = await t.records('carol_03');
    expect(stored.map((r) => r.metadata.embedder)).toEqual([t.daemon.embeddings.id, t.daemon.embeddings.id]);
    const event = await t.turn('carol_03', 'How are my tomatoes?');
    expect(event.memories?.map((m) => m.type).sort()).toEqual(['conversation', 'episode']);
    expect(event.model_ms.memory_retrieve).toBeGreaterThan(0);
  });
});
