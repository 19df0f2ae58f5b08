import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TurnEventSchema, type TurnEvent } from '../../../src/bus/index.js';
import { intentAgent } from '../../../src/dialogue/agents/intent.js';
import { buildDialogueGraph, createDialogue, newSession, startTurn , step } from '../../../src/dialogue/index.js';
import { modelInstructions } from '../../helpers/prompt.js';
import { Health } from '../../../src/health/index.js';
import { LlmError, type LanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { daemonPorts, RecordingPerception, testProfileStore, turnPorts } from '../../helpers/ports.js';
import { intentModel } from '../../helpers/per-test.js';

const classifier = await intentModel();

async function dialogue(overrides: Parameters<typeof testConfig>[0] = {}) {
  const config = testConfig(overrides);
  const health = new Health();
  const people = testProfileStore(config);
  people.save({ user_id: 'alice_01', user_name: 'Alice' }, { location: 'Bern' });
  people.save({ user_id: 'alina_02', user_name: 'Alina' }, {});
  const perception = new RecordingPerception();
  const b = createDialogue({
    ports: daemonPorts(config, { clock: { now: () => new Date('2026-11-21T10:00:00Z') }, intent: classifier, perception, people }),
    graph: buildDialogueGraph(config),
    log: silentLogger,
    health,
  });
  const events: TurnEvent[] = [];
  b.turns.on('turn', (e) => events.push(TurnEventSchema.parse(e)));
  return { ...b, events, perception, people };
}

describe('the dialogue with people', () => {
  it("writes a new person's profile once the reply's request is on its way, not in front of it", async () => {
    const config = testConfig();
    const people = testProfileStore(config);
    people.save({ user_id: 'alice_01', user_name: 'Alice' }, {});
    await people.flush();
    const folders = () => readdirSync(people.files.profilesDir).sort();
    const before = folders();
    const atRequest: string[][] = [];
    // The reply's model: what is on disk when the reply's request is made.
    const llm: LanguageModel = {
      available: () => true,
      multimodal: () => false,
      async *stream() {
        atRequest.push(folders());
        yield 'Nice to meet you, Quentin.';
      },
      complete: async () => '',
      json: () => Promise.reject(new LlmError('disabled', 'structured answers are not part of this test')),
      health: () => ({ status: 'ok', detail: 'test' }) as never,
    };
    const health = new Health();
    const { turns } = createDialogue({ ports: daemonPorts(config, { llm, intent: classifier, people, perception: new RecordingPerception() }), graph: buildDialogueGraph(config), log: silentLogger, health });
    const turn = await turns.submit({ text: 'My name is Quentin and I work as a nurse.' });
    expect(turn?.event.name_confirmation).toMatchObject({ status: 'new_user' });
    expect(atRequest).toEqual([before]);
    await people.flush();
    const quentin = people.knownUsers().find((u) => u.user_name === 'Quentin')!;
    expect(folders()).toEqual([...before, quentin.user_id].sort());
    expect(people.load(quentin.user_id)).toMatchObject({ user_name: 'Quentin', current_position: 'nurse' });
  });

  it('routes update_user_info through memory_update, and reports the name resolution in the turn event', async () => {
    const { turns, presence, current, mentions, forget, events } = await dialogue();
    const asked = await turns.submit({ text: 'My name is Alicea' });
    expect(asked?.run.path).toEqual(['intent', 'agreement', 'memory_update', 'response', 'after_response', 'profile_refine']);
    expect(events[0]).toMatchObject({ user_id: null, user_name: null, name_confirmation: { status: 'asking', candidate: { user_id: 'alice_01', user_name: 'Alice' } } });
    // A question instead of an answer: classified as itself, answered with the tools, and Alice asked about again.
    const other = await turns.submit({ text: 'What time is it?' });
    expect(other?.event.intent.source).not.toBe('forced');
    expect(other?.run.path).toEqual(['intent', 'agreement', 'memory_update', 'contextualize', 'plan', 'recall', 'appraisal', 'alerts', 'response', 'after_response', 'profile_refine']);
    expect(other?.event.reply).toMatch(/\S.* Is your name Alice\?$/);
    expect(other?.event.name_confirmation).toMatchObject({ status: 'asking', candidate: { user_id: 'alice_01' } });
    const no = await turns.submit({ text: 'No.' }); // forced: it answers the pending question
    expect(no?.event.intent).toEqual({ name: 'update_user_info', confidence: 1, source: 'forced' });
    expect(no?.event.reply).toBe('Is your name Alina?');
    const hello = await turns.submit({ text: 'Hello!' });
    expect(hello?.run.path).toEqual(['intent', 'agreement', 'memory_update', 'contextualize', 'plan', 'recall', 'appraisal', 'alerts', 'response', 'after_response', 'profile_refine']);
    expect(hello?.event).toMatchObject({ name_confirmation: { status: 'new_user' }, user_name: 'Alicea' });
    const after = await turns.submit({ text: 'What time is it?' });
    expect(after?.run.path).toEqual(['intent', 'agreement', 'contextualize', 'plan', 'recall', 'appraisal', 'alerts', 'response', 'after_response', 'profile_refine']);
    expect(after?.event.name_confirmation).toEqual({ status: 'none', candidate: null });
  });

  it('a name settled in conversation makes that person current, with the conversation so far', async () => {
    const { turns, presence, current, mentions, forget, perception } = await dialogue();
    await turns.submit({ text: 'Hello!' });
    await turns.submit({ text: 'My name is Alice' });
    expect(presence.user).toEqual({ user_id: 'alice_01', user_name: 'Alice' });
    expect(current().messages.map((m) => m.content)).toContain('Hello!');
    expect(current().user_info).toMatchObject({ location: 'Bern' });
    expect(perception.settled).toEqual([{ user_id: 'alice_01', user_name: 'Alice' }]);
    expect(mentions('alice_01')).toEqual(['conversation alice_01', 'current user']);
  });

  it('a corrected name is the name of the next turns, and reaches memory_update whatever the intent model says', async () => {
    const { turns, presence, perception } = await dialogue();
    await turns.submit({ text: "I'm Stephen." });
    expect(presence.user.user_name).toBe('Stephen');
    const corrected = await turns.submit({ text: "No, not Stephen. It's Steven." });
    expect(corrected?.run.path).toContain('memory_update');
    expect(corrected?.event).toMatchObject({ user_name: 'Steven', name_confirmation: { status: 'corrected' } });
    const next = await turns.submit({ text: 'What did we talk about before?' });
    expect(next?.event.user_name).toBe('Steven');
    expect(presence.user.user_name).toBe('Steven');
    expect(perception.settled.map((u) => u.user_name)).toEqual(['Stephen', 'Steven']);
  });

  it.each([
    ['de', 'Ich heiße Kathrin.', 'Nein, Katrin.', 'Kathrin', 'Katrin'],
    ['es', 'Me llamo Guillermo.', 'Perdona, es Guilermo.', 'Guillermo', 'Guilermo'],
  ])('[%s] a bare respelling right after the robot used the name ("%s" → "%s") renames', async (language, intro, fix, first, right) => {
    const { turns, perception } = await dialogue();
    await turns.submit({ text: intro, language });
    const corrected = await turns.submit({ text: fix, language });
    expect(corrected?.run.path).toContain('memory_update');
    expect(corrected?.event).toMatchObject({ user_name: right, name_confirmation: { status: 'corrected' } });
    expect(perception.settled.map((u) => u.user_name)).toEqual([first, right]);
  });

  it('a turn belongs to whoever was there when it was said, even if perception switches meanwhile', async () => {
    const { turns, presence, current, mentions, forget } = await dialogue();
    presence.switchUser({ user_id: 'alina_02', user_name: 'Alina' });
    const turn = turns.submit({ text: 'I live in Paris' });
    presence.switchUser({ user_id: 'alice_01', user_name: 'Alice' });
    await turn;
    expect(presence.user.user_id).toBe('alice_01');
    expect(current().messages).toEqual([]);
    presence.switchUser({ user_id: 'alina_02', user_name: 'Alina' });
    expect(current().messages.map((m) => m.content)).toEqual(['I live in Paris', expect.any(String)]);
  });

  it('what a stranger said before their name was settled follows them to their new id', async () => {
    // Barge-in off: the utterances queue instead of cutting the turn that settles the name.
    const { turns, presence, current, mentions, forget } = await dialogue({ speech: { bargeIn: false } });
    const named = turns.submit({ text: 'My name is Bartholomew' });
    const later = turns.submit({ text: 'I like skiing' }); // said before the first turn ended
    const [first, second] = await Promise.all([named, later]);
    const id = first!.event.user_id!;
    expect(id).toMatch(/^bartholomew-/);
    expect(second!.event.user_id).toBe(id);
    expect(current().user_info).toMatchObject({ user_id: id, hobbies: ['skiing'] });
    presence.switchUser({ user_id: null, user_name: null }); // a new stranger: earlier moves no longer apply
    expect((await turns.submit({ text: 'Hello!' }))!.event.user_id).toBeNull();
  });

  it('forget drops the conversation, the person as current user, and mentions in pending questions', async () => {
    const { turns, presence, current, mentions, forget } = await dialogue();
    presence.switchUser({ user_id: 'alice_01', user_name: 'Alice' });
    await turns.submit({ text: 'Hello!' });
    // Someone unknown takes Alice's place (her visit ends) and is asked whether they are Alice.
    presence.switchUser({ user_id: null, user_name: null });
    await turns.submit({ text: 'My name is Alicea' });
    expect(mentions('alice_01')).toEqual(['conversation alice_01', 'conversation __anonymous__']);
    expect(await forget('alice_01')).toEqual(['conversation', 'candidate in the name confirmation of an anonymous person']);
    expect(mentions('alice_01')).toEqual([]);
    presence.switchUser({ user_id: 'alice_01', user_name: 'Alice' });
    expect(await forget('alice_01')).toEqual(['current user']);
    expect(presence.user).toEqual({ user_id: null, user_name: null });
  });
});

describe('the intent agent with a pending name confirmation', () => {
  it('forces update_user_info without asking the model', async () => {
    const ports = turnPorts(testConfig(), { intent: classifier });
    const pending = { given_name: 'Jon', candidates: [{ user_id: 'john_02', user_name: 'John', score: 0.75 }], facts: {} };
    const turn = { ...startTurn({ ...newSession('en'), name_confirmation: pending }, 't', 'Goodbye!', 'de') };
    expect(await step(intentAgent, turn, ports)).toEqual({ intent: 'update_user_info', intent_confidence: 1, intent_source: 'forced', language: 'de', requested_language: null });
    expect(ports.modelMs.intent).toBeUndefined();
  });
});

describe('the response prompt', () => {
  it('tells the model what the person said about themselves and whether they just met', () => {
    const state = {
      ...startTurn(newSession('en', { user_id: 'bob', user_name: 'Bob', current_company: 'Acme', location: 'Paris', hobbies: ['golf', 'chess'] }), 't', 'hi', null),
      name_resolution: { status: 'new_user' as const, candidate: null },
    };
    const prompt = modelInstructions(state, testConfig(), new Date('2026-11-21T10:00:00Z'));
    expect(prompt).toMatch(/talking with Bob/);
    expect(prompt).toMatch(/meeting them for the first time/);
    expect(prompt).toMatch(/works at Acme; lives in Paris; hobbies: golf, chess/);
  });
});
