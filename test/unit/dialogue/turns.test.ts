import { describe, expect, it } from 'vitest';
import { TurnEventSchema, type TurnEvent } from '../../../src/bus/index.js';
import { once } from 'node:events';
import { buildDialogueGraph, createDialogue, defineAgent, defineGraph, END, type Ports } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { joinSentences } from '../../../src/speech/index.js';
import { testConfig } from '../../helpers/config.js';
import { daemonPorts } from '../../helpers/ports.js';
import { intentModel } from '../../helpers/per-test.js';

const classifier = await intentModel();

function dialogue(overrides: Parameters<typeof testConfig>[0] = {}, graph?: ReturnType<typeof buildDialogueGraph>) {
  const config = testConfig(overrides);
  const health = new Health();
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
  const dialogue = createDialogue({
    ports: daemonPorts(config, { llm, intent: classifier }),
    graph: graph ?? buildDialogueGraph(config),
    log: silentLogger,
    health,
  });
  const said: string[] = [];
  const gestures: string[] = [];
  const events: TurnEvent[] = [];
  dialogue.speech.on('speak', (t) => said.push(t));
  dialogue.speech.on('gesture', (g) => gestures.push(g));
  dialogue.turns.on('turn', (e) => events.push(e));
  return { ...dialogue, said, gestures, events, health };
}

describe('the turn runner', () => {
  it('runs a turn: speaks, gestures and publishes a complete, schema-valid turn event', async () => {
    const { turns, said, gestures, events } = dialogue();
    const result = await turns.submit({ text: 'Hello there!' });
    expect(gestures).toEqual(['WAVE_HAND']);
    expect(events).toHaveLength(1);
    const event = TurnEventSchema.parse(events[0]);
    // Spoken sentence by sentence; the turn event carries the whole reply.
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(event).toMatchObject({ user_text: 'Hello there!', intent: { name: 'first_greeting', source: 'model' }, reply: joinSentences(said), language: 'en' });
    expect(event.speech).toMatchObject({ streamed: true, sentences: said.length, interrupted: false });
    expect(Object.keys(event.timings_ms)).toEqual(expect.arrayContaining(['intent', 'appraisal', 'response', 'turn_end', 'total']));
    expect(event.model_ms.intent).toBeGreaterThan(0);
    // Visual memory, knowledge and memory: on by default, so they run in the recall step (with no
    // ports here, they find nothing); vision is on too, but not planned for a greeting.
    expect(result?.run.path).toEqual(['intent', 'agreement', 'contextualize', 'plan', 'recall', 'appraisal', 'alerts', 'response', 'after_response', 'profile_refine']);
    expect(Object.keys(event.timings_ms)).toEqual(expect.arrayContaining(['visual_memory', 'knowledge', 'memory_retrieve']));
  });

  it('keeps the conversation between turns and clears it after a farewell', async () => {
    const { turns, presence, current, mentions, forget } = dialogue();
    await turns.submit({ text: 'Hello!' });
    await turns.submit({ text: 'What can you do?' });
    expect(current().messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await turns.submit({ text: 'Kannst du Deutsch sprechen?' });
    expect(current().language).toBe('de');
    await turns.submit({ text: 'Tschüss, bis morgen!' });
    expect(current().messages).toEqual([]);
    expect(current().language).toBe('de');
  });

  it('keeps a separate conversation per user and restores it when they come back', async () => {
    const { turns, presence, current, mentions, forget, events } = dialogue();
    presence.switchUser({ user_id: 'u1', user_name: 'Ana' });
    await turns.submit({ text: 'Hello!' });
    await turns.submit({ text: 'Kannst du Deutsch sprechen?' });
    presence.switchUser({ user_id: 'u2', user_name: 'Ben' });
    await turns.submit({ text: 'Good morning!' });
    expect(current()).toMatchObject({ language: 'en', user_info: { user_id: 'u2', user_name: 'Ben' } });
    expect(current().messages).toHaveLength(2);
    presence.switchUser({ user_id: 'u1', user_name: 'Ana' });
    expect(current()).toMatchObject({ language: 'de', user_info: { user_id: 'u1' } });
    expect(current().messages.map((m) => m.content)).toContain('Kannst du Deutsch sprechen?');
    expect(events.map((e) => e.user_id)).toEqual(['u1', 'u1', 'u2']);
    expect(events[2]!.reply).toMatch(/Ben/); // greeted by name
  });

  it('answers queued utterances one at a time, in order, and drops the oldest excess', async () => {
    const { turns, events, health } = dialogue({ dialogue: { maxQueuedUtterances: 2 } });
    const results = await Promise.all(['Hello', 'Goodbye', 'one', 'two', 'three'].map((text) => turns.submit({ text })));
    expect(results.filter((r) => r === null)).toHaveLength(2);
    expect(results.map((r) => r?.event.user_text ?? null)).toEqual(['Hello', null, null, 'two', 'three']);
    expect(events.map((e) => e.user_text)).toEqual(['Hello', 'two', 'three']);
    expect(health.counter('dropped_utterances')).toBe(2);
  });

  it('lets background work wait for a pause in the conversation, not only for the end of a turn', async () => {
    const { turns, quiet: gate } = dialogue();
    await turns.submit({ text: 'Hello!' });
    const order: string[] = [];
    // Asked right after a turn, as the memory writer does after a farewell; the next utterance
    // comes before the pause is over.
    const quiet = gate.whenQuiet(50).then(() => order.push('background'));
    const next = turns.submit({ text: 'What can you do?' }).then(() => order.push('next turn'));
    await Promise.all([quiet, next]);
    expect(order).toEqual(['next turn', 'background']);
    // No turn for the pause: it does not wait for one. A conversation that never pauses long
    // enough still gets the work done between two turns, after the longest wait.
    await gate.whenQuiet(0);
    await gate.whenQuiet(3_600_000, 0);
  });

  it('still says something when the graph fails to produce a reply', async () => {
    const broken = defineAgent({
      name: 'broken',
      reads: [],
      writes: ['final_message'],
      run: () => {
        throw new Error('boom');
      },
    });
    const graph = defineGraph({ start: 'broken', nodes: { broken }, edges: { broken: END } }) as unknown as ReturnType<typeof buildDialogueGraph>;
    const { turns, said, events } = dialogue({}, graph);
    await turns.submit({ text: 'Hello' });
    expect(said[0]).toMatch(/something went wrong/);
    expect(events[0]!.errors).toEqual([{ agent: 'broken', message: 'boom' }]);
  });
});

describe('the turn runner speaking', () => {
  /** A response stand-in that keeps writing after its turn was cancelled, as a slow model stream can. */
  function stubbornGraph(gate: Promise<void>) {
    const talker = defineAgent({
      name: 'talker',
      reads: ['user_text', 'language'],
      writes: ['final_message'],
      async run(s, ports: Pick<Ports, 'reply'>) {
        if (s.user_text !== 'story') {
          ports.reply.write('Short answer.', s.language);
          ports.reply.end();
          return { final_message: 'Short answer.' };
        }
        ports.reply.write('First part. ', s.language);
        await gate; // the barge-in happens here
        ports.reply.write('Late part one. Late part two.', s.language);
        ports.reply.end();
        return { final_message: 'First part. Late part one. Late part two.' };
      },
    });
    return defineGraph({ start: 'talker', nodes: { talker }, edges: { talker: END } }) as unknown as ReturnType<typeof buildDialogueGraph>;
  }

  it('never speaks sentences that a cancelled turn writes after the barge-in', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const config = testConfig();
    const health = new Health();
    const { turns, presence, current, mentions, forget, voice, speech } = createDialogue({
      ports: daemonPorts(config, { clock: { now: () => new Date() }, llm: new OllamaLanguageModel({ config: config.llm, log: silentLogger, health }) }),
      graph: stubbornGraph(gate),
      log: silentLogger,
      health,
      speechFeedback: true,
    });
    const said: string[] = [];
    const stops: string[] = [];
    const events: TurnEvent[] = [];
    speech.on('speak', (t) => said.push(t));
    speech.on('stop_speaking', (cut) => stops.push(cut.turnId));
    turns.on('turn', (e) => events.push(e));

    const spoken = once(speech, 'speak');
    const first = turns.submit({ text: 'story' });
    await spoken;
    expect(said).toEqual(['First part.']);
    voice.started();
    const second = turns.submit({ text: 'question' });
    open(); // the old turn goes on writing
    await Promise.all([first, second]);

    expect(said).toEqual(['First part.', 'Short answer.']);
    expect(stops).toEqual([events[0]!.turn_id]);
    expect(events[0]!.speech).toMatchObject({ interrupted: true, spoken: 'First part.' });
    expect(events[0]!.reply).toBe('First part. Late part one. Late part two.'); // what was generated
    // The answer is in the history once it has been said (the speech stack's end_speak), not before.
    expect(current().messages.map((m) => m.content)).toEqual(['story', 'First part.', 'question']);
    voice.started();
    voice.finished();
    expect(current().messages.map((m) => m.content)).toEqual(['story', 'First part.', 'question', 'Short answer.']);
    // Both late sentences reached the delivery and were refused by their reply's sequence number.
    expect(health.counter('late_sentences_dropped')).toBe(2);
  });
});
