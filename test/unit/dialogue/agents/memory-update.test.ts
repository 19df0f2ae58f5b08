import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryUpdateAgent } from '../../../../src/dialogue/agents/memory-update.js';
import { responseAgent } from '../../../../src/dialogue/agents/response.js';
import { newSession, startTurn, type TurnState , step } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { createLogger, silentLogger } from '../../../../src/log/index.js';
import type { ProfileStore } from '../../../../src/people/index.js';
import { testConfig } from '../../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../../helpers/fake-ollama.js';
import { RecordingPerception, testProfileStore, turnPorts } from '../../../helpers/ports.js';
import { fakeOllamaForTest } from '../../../helpers/per-test.js';

let server: FakeOllama | null = null;

function setup(overrides: Parameters<typeof testConfig>[0] = {}) {
  const config = testConfig(overrides);
  const perception = new RecordingPerception();
  const ports = turnPorts(config, { perception });
  const store = ports.people as ProfileStore;
  return { config, ports, perception, store };
}

/** Runs memory_update on a turn of `text` after `state`, the way the brain carries a session. */
async function say(ports: ReturnType<typeof turnPorts>, state: TurnState | null, text: string): Promise<TurnState> {
  const session = state ?? newSession('en');
  const turn = { ...startTurn({ messages: session.messages, user_info: session.user_info, language: session.language, name_confirmation: session.name_confirmation, name_checked: session.name_checked }, 't', text, null), intent: 'update_user_info' as const };
  return { ...turn, ...(await step(memoryUpdateAgent, turn, ports)) };
}

describe('the memory_update agent', () => {
  it('a new name: creates the profile, settles the name and tells perception once', async () => {
    const { ports, perception, store } = setup();
    const s = await say(ports, null, "Hi, I'm Bartholomew and I work at Acme");
    expect(s.name_resolution).toEqual({ status: 'new_user', candidate: null });
    expect(s.name_checked).toBe(true);
    expect(s.user_info).toMatchObject({ user_name: 'Bartholomew', current_company: 'Acme', user_id: expect.stringMatching(/^bartholomew-/) });
    expect(perception.settled).toEqual([{ user_id: s.user_info.user_id, user_name: 'Bartholomew' }]);
    await store.flush();
    expect(store.read(s.user_info.user_id!)).toMatchObject({ status: 'ok', profile: { current_company: 'Acme' } });
  });

  it('asks about a close name without publishing or saving, then adopts on yes', async () => {
    const { ports, perception, store } = setup();
    const alice = store.save({ user_id: 'alice_01', user_name: 'Alice' }, { location: 'Bern' });
    const asking = await say(ports, null, "I'm Alicia and I love chess");
    expect(asking.name_resolution).toEqual({ status: 'asking', candidate: { user_id: 'alice_01', user_name: 'Alice', score: expect.closeTo(0.667, 2) } });
    expect(asking.name_confirmation).toMatchObject({ given_name: 'Alicia', facts: { interests: ['chess'] } });
    expect(asking.user_info.user_id).toBeNull();
    expect(perception.settled).toEqual([]);
    expect(store.load('alice_01')).toEqual(alice); // untouched while ambiguous

    const reply = turnPorts(testConfig());
    await step(responseAgent, asking, reply);
    expect(reply.reply.text).toBe('Is your name Alice?');

    const confirmed = await say(ports, asking, 'Yes, that is me');
    expect(confirmed.name_resolution.status).toBe('confirmed');
    expect(confirmed.name_confirmation).toBeNull();
    expect(confirmed.user_info).toMatchObject({ user_id: 'alice_01', user_name: 'Alice', location: 'Bern', interests: ['chess'] });
    expect(perception.settled).toEqual([{ user_id: 'alice_01', user_name: 'Alice' }]);
  });

  it('asks in the session language', async () => {
    const { ports } = setup();
    ports.people.save({ user_id: 'john_02', user_name: 'John' }, {});
    const asking = await say(ports, { ...newSession('de'), language: 'de' } as unknown as TurnState, 'Ich heiße Jon');
    for (const [language, question] of [['de', 'Heißt du John?'], ['fr', 'Tu t’appelles John ?'], ['zh', '你是John吗？'], ['es', '¿Te llamas John?']] as const) {
      const reply = turnPorts(testConfig());
      await step(responseAgent, { ...asking, language }, reply);
      expect(reply.reply.text).toBe(question);
    }
  });

  it('keeps facts told while anonymous and saves them once the person has an id', async () => {
    const { ports, store } = setup();
    const first = await say(ports, null, 'I live in Lisbon and I like surfing');
    expect(first.user_info).toMatchObject({ user_id: null, location: 'Lisbon', hobbies: ['surfing'] });
    const named = await say(ports, first, 'My name is Bartholomew');
    expect(store.load(named.user_info.user_id!)).toMatchObject({ location: 'Lisbon', hobbies: ['surfing'] });
  });

  it('saves facts straight into the profile of a known person', async () => {
    const { ports, store, perception } = setup();
    store.save({ user_id: 'bob', user_name: 'Bob' }, { hobbies: ['golf'] });
    const session = { ...newSession('en', { user_id: 'bob', user_name: 'Bob' }) } as unknown as TurnState;
    const s = await say(ports, session, 'I also like golf and sailing');
    expect(store.load('bob')?.hobbies).toEqual(['golf', 'sailing']);
    expect(s.user_info.hobbies).toEqual(['golf', 'sailing']);
    expect(s.name_resolution.status).toBe('none');
    expect(perception.settled).toEqual([]); // nothing new to settle
  });

  it('settles the name and facts by the rules, without waiting for the language model', async () => {
    server = await fakeOllamaForTest({ reply: () => '{"user_name": "Zoey", "location": "Utrecht", "interests": ["typography"]}' });
    const config = testConfig({ llm: { enabled: true, url: server.url } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    const ports = turnPorts(config, { llm });
    const s = await say(ports, null, "I'm Zoë and I live in Utrecht");
    expect(s.user_info).toMatchObject({ user_name: 'Zoë', location: 'Utrecht' });
    expect(server.chats).toHaveLength(0);
    expect(ports.modelMs.memory_update).toBeUndefined();
  });

  it('goes on talking when the profile cannot be written, and says so in health', async () => {
    const config = testConfig();
    const health = new Health();
    const perception = new RecordingPerception();
    const ports = turnPorts(config, { perception, people: testProfileStore(config, health) });
    // every profile write fails (permissions would not stop root, a file in the way does)
    const profiles = path.join(config.paths.data, 'memory', 'user_profiles');
    rmSync(profiles, { recursive: true });
    writeFileSync(profiles, 'not a folder');
    const s = await say(ports, null, 'My name is Bartholomew');
    expect(s.user_info).toMatchObject({ user_name: 'Bartholomew', user_id: expect.stringMatching(/^bartholomew-/) });
    expect(perception.settled).toHaveLength(1);
    await (ports.people as ProfileStore).flush();
    expect(health.get('people')?.status).toBe('degraded');
    expect(readFileSync(profiles, 'utf8')).toBe('not a folder');
  });
});

describe('the memory_update agent with the extraction model', () => {
  /** A fake Ollama answering `reply`; the agent's ports on it, and its log lines ("memory update" says the source). */
  async function online(reply: NonNullable<Parameters<typeof startFakeOllama>[0]>['reply']) {
    server = await fakeOllamaForTest({ reply });
    const config = testConfig({ llm: { enabled: true, url: server.url } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    const lines: { msg: string; source?: string }[] = [];
    const log = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
    const ports = turnPorts(config, { llm, log });
    const sources = () => lines.filter((l) => l.msg === 'memory update').map((l) => l.source);
    return { ports, store: ports.people as ProfileStore, sources };
  }

  it('reads the introduction by the rules alone, before the reply: the model is not asked (profile_refine asks it after)', async () => {
    const { ports, sources } = await online(() =>
      JSON.stringify({ user_name: 'Sam', current_company: 'Initech', current_position: 'TPS analyst', location: null, hobbies: ['sailing'], interests: [], answer: null }),
    );
    const s = await say(ports, null, 'My name is Sam and I live in Oslo');
    expect(told(s.user_info)).toEqual({ user_id: expect.stringMatching(/^sam-/), user_name: 'Sam', location: 'Oslo' });
    expect(s.name_resolution).toEqual({ status: 'new_user', candidate: null });
    expect(sources()).toEqual(['rules']);
    expect(server!.chats).toHaveLength(0);
  });

  it('distrusts a name that was not said, the robot’s own name and placeholders', async () => {
    let name = 'Alice';
    const { ports } = await online(() => JSON.stringify({ user_name: name, location: 'unknown', hobbies: ['N/A', 'golf'] }));
    expect((await say(ports, null, 'I play golf')).user_info.user_name).toBeNull();
    name = 'Nadine';
    const robot = await say(ports, null, 'Hi Nadine, I play golf');
    expect(robot.user_info).toMatchObject({ user_name: null, hobbies: ['golf'] });
    expect(robot.user_info.location).toBeUndefined();
  });

  it('reads yes/no by rules first; the model settles only unclear answers', async () => {
    const { ports, store } = await online(() => '{"user_name": null, "answer": "yes"}');
    store.save({ user_id: 'alice_01', user_name: 'Alice' }, {});
    const asking = await say(ports, null, "I'm Alicia");
    expect(asking.name_resolution.status).toBe('asking');
    // "no": the rules read it, whatever the model says.
    const no = await say(ports, asking, 'no');
    expect(no.name_resolution.status).not.toBe('confirmed');
    expect(no.user_info.user_id).not.toBe('alice_01');
    // Unclear to the rules: the model's yes settles it.
    const yes = await say(ports, asking, 'the one and only');
    expect(yes.name_resolution.status).toBe('confirmed');
    expect(yes.user_info.user_id).toBe('alice_01');
    expect(server!.chats.at(-1)!.messages.at(-1)!.content).toContain('Is your name Alice?');
  });

  it('falls back to the rules when the model fails or answers nonsense', async () => {
    const { ports, sources } = await online(() => ({ text: '', status: 500 }));
    const s = await say(ports, null, 'My name is Alice and I live in Oslo');
    expect(told(s.user_info)).toEqual({ user_id: expect.stringMatching(/^alice-/), user_name: 'Alice', location: 'Oslo' });
    expect(s.name_confirmation).toBeNull();
    server!.setReply(() => 'I think the name is Alice!');
    expect((await say(ports, null, 'My name is Alice')).user_info.user_name).toBe('Alice');
    expect(sources()).toEqual(['rules', 'rules']);
  });

  it('uses the rules alone when no model is available', async () => {
    const { ports, sources } = setupLogged();
    expect((await say(ports, null, "I'm Jon")).user_info.user_name).toBe('Jon');
    expect(sources()).toEqual(['rules']);
  });
});

/** What is known of the person: the fields that say something (a profile keeps the others empty). */
const told = (user: TurnState['user_info']) => Object.fromEntries(Object.entries(user).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)));

/** The agent's ports without a language model, and the source of each extraction, from its log. */
function setupLogged() {
  const lines: { msg: string; source?: string }[] = [];
  const log = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  const ports = turnPorts(testConfig(), { log });
  return { ports, sources: () => lines.filter((l) => l.msg === 'memory update').map((l) => l.source) };
}
