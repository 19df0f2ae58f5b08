import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { buildDialogueGraph, createDialogue, type TurnEvent } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { daemonPorts, RecordingPerception, testProfileStore } from '../../helpers/ports.js';
import { intentModel } from '../../helpers/per-test.js';

const classifier = await intentModel();

const GRETA = { user_id: 'greta_01', user_name: 'Greta' };

function dialogue(overrides: Parameters<typeof testConfig>[0] = {}) {
  const config = testConfig({ engagement: { enabled: true, unknownAfterMs: 20 }, ...overrides });
  const people = testProfileStore(config);
  people.save(GRETA, {});
  const perception = new RecordingPerception();
  const d = createDialogue({ ports: daemonPorts(config, { intent: classifier, people, perception }), graph: buildDialogueGraph(config), log: silentLogger, health: new Health() });
  const events: TurnEvent[] = [];
  const gestures: string[] = [];
  d.turns.on('turn', (e) => events.push(e));
  d.speech.on('gesture', (g) => gestures.push(g));
  const nextTurn = async () => (await once(d.turns, 'turn'))[0] as TurnEvent;
  const arrives = (user: { user_id: string | null; user_name: string | null }) => {
    d.presence.switchUser(user);
    d.presence.seen();
  };
  return { ...d, events, gestures, nextTurn, arrives, perception };
}

describe('proactive engagement', () => {
  it('greets a person it knows by name, unprompted, with a wave; not again within the cool-down', async () => {
    const t = dialogue();
    const greeting = t.nextTurn();
    t.arrives(GRETA);
    const event = await greeting;
    expect(event).toMatchObject({ user_id: 'greta_01', user_text: '', intent: { name: 'first_greeting', source: 'forced' } });
    expect(event.reply).toMatch(/Greta/);
    expect(t.gestures).toEqual(['WAVE_HAND']);
    expect(t.current().messages).toEqual([{ role: 'assistant', content: event.reply }]);

    // Someone else, then Greta again: her second visit within the cool-down is not greeted. The
    // first turn after it is what she says (the sentinel), not a greeting.
    t.arrives({ user_id: null, user_name: null });
    t.arrives(GRETA);
    const next = t.nextTurn();
    await t.turns.submit({ text: 'Where is the lift?' });
    expect((await next).user_text).toBe('Where is the lift?');
    expect(t.events.filter((e) => e.user_text === '')).toHaveLength(1);
    await t.close();
  });

  it('invites an unknown face that stays without a word', async () => {
    const t = dialogue();
    const invitation = t.nextTurn();
    t.arrives({ user_id: null, user_name: null });
    const event = await invitation;
    expect(event).toMatchObject({ user_id: null, user_text: '' });
    expect(event.reply).toMatch(/name|who/i);
    await t.close();
  });

  it('never greets someone who is already talking', async () => {
    const t = dialogue();
    t.presence.switchUser(GRETA);
    const first = t.turns.submit({ text: 'Hello, where is the lift?' }); // she speaks before perception reports her
    t.presence.seen();
    await first;
    const next = t.nextTurn();
    await t.turns.submit({ text: 'Thanks!' });
    expect((await next).user_text).toBe('Thanks!');
    expect(t.events.map((e) => e.user_text)).toEqual(['Hello, where is the lift?', 'Thanks!']);
    await t.close();
  });

  it('is switched off by engagement.enabled', async () => {
    const t = dialogue({ engagement: { enabled: false } });
    t.arrives(GRETA);
    const next = t.nextTurn();
    await t.turns.submit({ text: 'Hi' });
    expect((await next).user_text).toBe('Hi');
    expect(t.events).toHaveLength(1);
    await t.close();
  });
});

describe('utterances that carry two things', () => {
  it('a greeting with a self-introduction settles the name', async () => {
    for (const [text, language] of [["Hi, I'm Martin, nice to meet you!", 'en'], ['Hallo, ich bin Martin!', 'de']] as const) {
      const t = dialogue();
      const result = await t.turns.submit({ text, language });
      // Classified as the greeting or as the introduction it also is: either way the name is settled.
      expect(['first_greeting', 'update_user_info'], text).toContain(result!.event.intent.name);
      expect(result!.run.path, text).toContain('memory_update');
      expect(result!.event).toMatchObject({ user_name: 'Martin', name_confirmation: { status: 'new_user' } });
      expect(result!.event.reply, text).toMatch(/Martin/);
      expect(t.perception.settled).toEqual([{ user_id: result!.event.user_id, user_name: 'Martin' }]);
      await t.close();
    }
  });

  it('a language switch with a question switches, then answers it as conversation in the new language', async () => {
    for (const text of ['Can you speak German? Where can I get a coffee here?', 'Sprichst du Deutsch? Was kannst du alles?']) {
      const t = dialogue();
      const result = await t.turns.submit({ text });
      expect(result!.event, text).toMatchObject({ language: 'de', intent: { name: 'continue_conversation' } });
      expect(result!.event.reply, text).not.toMatch(/Ab jetzt spreche ich Deutsch/);
      await t.close();
    }
    // Only the request: the canned confirmation.
    const t = dialogue();
    const alone = await t.turns.submit({ text: 'Kannst du Deutsch sprechen?' });
    expect(alone!.event).toMatchObject({ language: 'de', intent: { name: 'language_change' } });
    await t.close();
  });

  it('a speech-to-text that knows the speaker names whose turn it is', async () => {
    const t = dialogue();
    const result = await t.turns.submit({ text: 'Good morning!', speaker: GRETA });
    expect(result!.event.user_id).toBe('greta_01');
    expect(t.presence.user).toEqual(GRETA);
    await t.close();
  });
});
