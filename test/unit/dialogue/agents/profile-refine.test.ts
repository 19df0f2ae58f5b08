import { describe, expect, it } from 'vitest';
import { memoryUpdateAgent } from '../../../../src/dialogue/agents/memory-update.js';
import { profileRefineAgent } from '../../../../src/dialogue/agents/profile-refine.js';
import { buildDialogueGraph, createDialogue, newSession, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import type { ProfileStore } from '../../../../src/people/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { ChatBody, FakeOllama, FakeReply } from '../../../helpers/fake-ollama.js';
import { daemonPorts, testProfileStore, turnPorts } from '../../../helpers/ports.js';
import { fakeOllamaForTest, intentModel } from '../../../helpers/per-test.js';

const classifier = await intentModel();
let server: FakeOllama | null = null;

const isExtraction = (body: ChatBody) => JSON.stringify(body.format ?? {}).includes('user_name');

/** A dialogue whose model server reads the person as `extraction` says and replies "Noted." */
async function dialogue(extraction: Record<string, unknown>) {
  server = await fakeOllamaForTest({ reply: (body) => (isExtraction(body) ? JSON.stringify({ ...FIELDS, ...extraction }) : body.format ? '{}' : 'Noted.') });
  const config = testConfig({ llm: { enabled: true, url: server.url }, agents: { affect: false } });
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
  await llm.start();
  const people = testProfileStore(config);
  const d = createDialogue({ ports: daemonPorts(config, { llm, intent: classifier, people }), graph: buildDialogueGraph(config), log: silentLogger, health: new Health() });
  return { ...d, people, server };
}

const FIELDS = { user_name: null, current_company: null, current_position: null, location: null, hobbies: [], interests: [], answer: null };

/** The agent's ports, with a model server that reads the person as `extraction` says (none: no model). */
async function agentPorts(extraction?: Record<string, unknown> | (() => FakeReply)) {
  if (!extraction) return { ports: turnPorts(testConfig()), server: null };
  server = await fakeOllamaForTest({ reply: typeof extraction === 'function' ? extraction : () => JSON.stringify({ ...FIELDS, ...extraction }) });
  const config = testConfig({ llm: { enabled: true, url: server.url } });
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return { ports: turnPorts(config, { llm }), server };
}

/** A turn of `text` after `before`, as the graph runs it: memory_update by the rules, then profile_refine. */
async function refine(ports: ReturnType<typeof turnPorts>, text: string, before: Partial<TurnState> = {}) {
  const turn: TurnState = { ...startTurn(newSession('en'), 't', text, null), intent: 'update_user_info', ...before };
  const read = { ...turn, ...(await step(memoryUpdateAgent, turn, ports)) };
  return { read, patch: await step(profileRefineAgent, read, ports) };
}

describe('the profile_refine agent', () => {
  it('adds the facts the rules missed, the rules’ values winning, and saves them for a settled person', async () => {
    const { ports } = await agentPorts({ user_name: 'Quinn', location: 'Amsterdam', interests: ['typography'], hobbies: ['chess'] });
    const { read, patch } = await refine(ports, 'My name is Quinn and I live in Utrecht.');
    expect(read.user_info).toMatchObject({ user_name: 'Quinn', location: 'Utrecht' });
    expect(patch).toEqual({ user_info: expect.objectContaining({ user_name: 'Quinn', location: 'Utrecht', interests: ['typography'], hobbies: ['chess'] }) });
    const store = ports.people as ProfileStore;
    await store.flush();
    expect(store.load(read.user_info.user_id!)).toMatchObject({ location: 'Utrecht', interests: ['typography'], hobbies: ['chess'] });
  });

  it('keeps what it adds for someone not yet settled in the session, and saves nothing', async () => {
    const { ports } = await agentPorts({ interests: ['typography'] });
    const { read, patch } = await refine(ports, 'I live in Utrecht and I am mad about typography.');
    expect(read.user_info.user_id).toBeNull();
    expect(patch.user_info).toMatchObject({ user_id: null, location: 'Utrecht', interests: ['typography'] });
    const store = ports.people as ProfileStore;
    await store.flush();
    expect(store.knownUsers()).toEqual([]);
  });

  it('never renames: a name the model reads differently is a doubt for the next reply, which marks it asked', async () => {
    const { ports, server } = await agentPorts({ user_name: 'Quincy' });
    const { read, patch } = await refine(ports, 'My name is Quinn, Quincy for my friends.');
    expect(patch).toEqual({ name_doubt: { name: 'Quincy', asked: false } });
    const store = ports.people as ProfileStore;
    await store.flush();
    expect(store.load(read.user_info.user_id!)?.user_name).toBe('Quinn');
    // The next turn's reply asks about it; the person told nothing new, so the model is not asked.
    const chats = server!.chats.length;
    const next = await refine(ports, 'Where is the meeting room?', { user_info: read.user_info, name_checked: read.name_checked, name_doubt: patch.name_doubt!, intent: 'continue_conversation' });
    expect(next.patch).toEqual({ name_doubt: { name: 'Quincy', asked: true } });
    expect(server!.chats).toHaveLength(chats);
    // A name the model reads as the one it has is no doubt.
    server!.setReply(() => JSON.stringify({ ...FIELDS, user_name: 'quinn' }));
    expect((await refine(ports, 'My name is Quinn.')).patch).toEqual({});
  });

  it('does not ask the model when the person told nothing, while a name is being confirmed, or without a model', async () => {
    const { ports, server } = await agentPorts({ user_name: 'Alicia', interests: ['chess'] });
    expect((await refine(ports, 'Where is the meeting room?', { intent: 'continue_conversation' })).patch).toEqual({});
    (ports.people as ProfileStore).save({ user_id: 'alice_01', user_name: 'Alice' }, {});
    const asking = await refine(ports, "I'm Alicia and I love chess");
    expect(asking.read.name_resolution.status).toBe('asking');
    expect(asking.patch).toEqual({});
    expect(server!.chats).toHaveLength(0);
    const offline = await agentPorts();
    expect((await refine(offline.ports, 'My name is Quinn and I live in Utrecht.')).patch).toEqual({});
  });

  it('leaves the rules’ reading as it is when the model fails or answers nonsense', async () => {
    const { ports, server } = await agentPorts(() => ({ text: '', status: 500 }));
    expect((await refine(ports, 'My name is Quinn and I live in Utrecht.')).patch).toEqual({});
    server!.setReply(() => 'Her name is Quincy!');
    expect((await refine(ports, 'My name is Quinn and I live in Utrecht.')).patch).toEqual({});
    expect(server!.chats.length).toBeGreaterThanOrEqual(2);
  });
});

describe('profile_refine in the dialogue: the language model reads what the person told about themselves after the reply', () => {
  it('asks it only once the reply is written, and adds the facts the rules missed (the rules’ values win)', async () => {
    const { turns, people, server } = await dialogue({ user_name: 'Quinn', location: 'Amsterdam', interests: ['typography'] });
    const result = await turns.submit({ text: 'My name is Quinn and I live in Utrecht, I am mad about typography.' });
    const agents = server.chats.map((c) => (isExtraction(c) ? 'extraction' : c.format ? 'json' : 'reply'));
    expect(agents.indexOf('reply')).toBeGreaterThanOrEqual(0);
    expect(agents.indexOf('extraction')).toBeGreaterThan(agents.indexOf('reply'));
    expect(result?.event.reply).toBe('Noted.');
    const user = result!.state.user_info;
    expect(user).toMatchObject({ user_name: 'Quinn', location: 'Utrecht', interests: ['typography'] });
    await people.flush();
    expect(people.load(user.user_id!)).toMatchObject({ user_name: 'Quinn', location: 'Utrecht', interests: ['typography'] });
  });

  it('never renames on its own: a name it reads differently is asked in the next reply, and the answer settles it', async () => {
    const { turns, people, server } = await dialogue({ user_name: 'Quincy' });
    const met = await turns.submit({ text: 'My name is Quinn, Quincy for my friends.' });
    const id = met!.state.user_info.user_id!;
    expect(met?.state).toMatchObject({ user_info: { user_name: 'Quinn' }, name_doubt: { name: 'Quincy', asked: false } });
    await people.flush();
    expect(people.load(id)?.user_name).toBe('Quinn');

    const asking = await turns.submit({ text: 'Where is the meeting room?' });
    const prompt = server.chats.filter((c) => !c.format).at(-1)!.messages.at(-1)!.content;
    expect(prompt).toMatch(/it may be Quincy rather than Quinn\. .*whether Quincy is right/);
    expect(asking?.state.user_info.user_name).toBe('Quinn');
    expect(asking?.state.name_doubt).toEqual({ name: 'Quincy', asked: true });

    const answered = await turns.submit({ text: 'Yes, it is Quincy.' });
    expect(answered?.run.path).toContain('memory_update');
    expect(answered?.state).toMatchObject({ user_info: { user_id: id, user_name: 'Quincy' }, name_doubt: null, name_resolution: { status: 'corrected' } });
  });

  it('leaves the name as it was when the person says no', async () => {
    const { turns } = await dialogue({ user_name: 'Quincy' });
    await turns.submit({ text: 'My name is Quinn, Quincy for my friends.' });
    await turns.submit({ text: 'Where is the meeting room?' });
    const answered = await turns.submit({ text: 'No.' });
    expect(answered?.state).toMatchObject({ user_info: { user_name: 'Quinn' }, name_doubt: null });
  });
});
