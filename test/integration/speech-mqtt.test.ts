import { afterEach, describe, expect, it } from 'vitest';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import type { ConfigInput } from '../../src/config/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from '../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama, type FakeReply } from '../helpers/fake-ollama.js';
import { chromaCollections, waitFor } from '../helpers/chroma.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const chroma = chromaCollections();
const SPEAK = `${P}agent/control/speak`;
const STOP = `${P}agent/control/stop_speaking`;
const TURN = `${P}agent/state/turn`;

let daemon: Daemon | null = null;
let probe: Probe | null = null;
let fake: FakeOllama | null = null;

afterEach(async () => {
  await probe?.close();
  await daemon?.stop();
  await fake?.close();
  daemon = probe = fake = null;
});

/** The daemon on its embedded broker, a probe on every topic, and (if given) a fake Ollama answering `script`. */
async function start(script?: (text: string) => string | FakeReply, config: ConfigInput = {}) {
  if (script) {
    fake = await startFakeOllama({
      // The intent agent asks for JSON below its confidence threshold; the response agent streams text.
      reply: (body: ChatBody) =>
        body.format
          ? JSON.stringify({ intent: /deutsch/i.test(lastUser(body)) ? 'language_change' : 'continue_conversation', language: null })
          : script(lastUser(body)),
    });
  }
  daemon = await startDaemon({
    config: testConfig({ chroma: chroma(), ...config, ...(fake && { llm: { enabled: true, url: fake.url } }) }),
    log: silentLogger,
    mqtt: true,
  });
  probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  return { daemon, probe, fake: fake! };
}

const lastUser = (body: ChatBody) => body.messages.findLast((m) => m.role === 'user')?.content ?? '';
// A reply's request: text, not JSON, with an utterance in it (the warm-up of the stable prefix at
// start-up has the system message alone).
const isReply = (c: { format?: unknown; messages: { role: string }[] }) => !c.format && c.messages.some((m) => m.role === 'user');
const responseChats = () => fake!.chats.filter(isReply);
const speaks = (p: Probe) => p.messages.filter((m) => m.topic === SPEAK).map((m) => m.text);
const turnEvent = async (p: Probe, userText: string): Promise<TurnEvent> =>
  TurnEventSchema.parse(JSON.parse((await p.next(TURN, (m) => JSON.parse(m.text).user_text === userText)).text));
/**
 * Something the daemon published after everything it did before: the reply to a later utterance
 * (its messages reach the probe in the order they were published). Waiting for it, rather than
 * for a while, shows that nothing more came of what went before.
 */
async function later(p: Probe): Promise<void> {
  await p.publish(`${P}agent/user_speech`, LATER);
  await turnEvent(p, LATER);
  await p.next(SPEAK, (m) => m.text === LATER_REPLY);
}
const LATER = 'Where can I leave my umbrella?';
const LATER_REPLY = 'Gamma: the umbrella stand is by the door.';

/** Plays the control stack: the sentence now being spoken starts and ends. */
async function speakOne(p: Probe): Promise<void> {
  await p.publish(`${P}agent/feedback/start_speak`, '');
  await p.publish(`${P}agent/feedback/end_speak`, '');
}

describe('streamed speech over MQTT', () => {
  const BUILDING = 'The building has five floors. The reception is on the ground floor. The cafeteria is on the top floor, next to the terrace.';

  it('sends the first sentence while the model is still writing, the others on end_speak', async () => {
    const { probe: p, fake: f } = await start(() => ({ text: BUILDING, tokenDelayMs: 60 }));
    await p.publish(`${P}agent/user_speech`, 'Tell me about this building.');

    const first = await p.next(SPEAK);
    const stream = f.streams.at(-1)!;
    expect(first.text).toBe('The building has five floors.');
    expect(stream.done).toBe(false);
    expect(stream.writtenAt.length).toBeLessThan(stream.tokens.length);
    expect(p.messages.some((m) => m.topic === TURN)).toBe(false);

    // The whole reply is written; the control stack has not finished the first sentence yet.
    const event = await turnEvent(p, 'Tell me about this building.');
    expect(event.reply).toBe(BUILDING);
    expect(event.speech).toMatchObject({ streamed: true, sentences: 3, interrupted: false });
    expect(speaks(p)).toEqual(['The building has five floors.']);

    await speakOne(p);
    await p.next(SPEAK, (m) => m.text.startsWith('The reception'));
    await speakOne(p);
    await p.next(SPEAK, (m) => m.text.startsWith('The cafeteria'));
    expect(speaks(p)).toEqual(['The building has five floors.', 'The reception is on the ground floor.', 'The cafeteria is on the top floor, next to the terrace.']);
  });

  it('sends one message per reply when streaming is off', async () => {
    const { probe: p } = await start((text) => (text.startsWith(LATER) ? LATER_REPLY : { text: BUILDING, tokenDelayMs: 5 }), { speech: { streaming: false } });
    await p.publish(`${P}agent/user_speech`, 'Tell me about this building.');
    expect((await p.next(SPEAK)).text).toBe(BUILDING);
    await turnEvent(p, 'Tell me about this building.');
    // The robot says it (a split reply would send its next sentence now), then is asked again.
    await speakOne(p);
    await later(p);
    expect(speaks(p)).toEqual([BUILDING, LATER_REPLY]);
  });
});

describe('barge-in over MQTT', () => {
  const STORY = Array.from({ length: 8 }, (_, i) => `Alpha part ${i + 1} of the story.`).join(' ');
  const script = (text: string) => (text.includes('story') ? { text: STORY, tokenDelayMs: 50 } : text.startsWith(LATER) ? LATER_REPLY : { text: 'Beta: the lift is behind you.', tokenDelayMs: 5 });

  it('stops a reply that is still being generated, answers the new utterance, and keeps only what was said', async () => {
    const { daemon: d, probe: p, fake: f } = await start(script);
    await p.publish(`${P}agent/user_speech`, 'Tell me a long story.');
    expect((await p.next(SPEAK)).text).toBe('Alpha part 1 of the story.');
    await p.publish(`${P}agent/feedback/start_speak`, ''); // the robot is saying it

    await p.publish(`${P}agent/user_speech`, 'Where is the lift?');
    const stop = JSON.parse((await p.next(STOP)).text);
    const beta = await p.next(SPEAK, (m) => m.text.startsWith('Beta'));
    const first = await turnEvent(p, 'Tell me a long story.');
    await turnEvent(p, 'Where is the lift?');

    expect(stop).toEqual({ turn_id: first.turn_id, reason: 'barge_in' });
    expect(first.speech).toMatchObject({ interrupted: true, spoken: 'Alpha part 1 of the story.' });
    // The reply's model stream was cut, not read to the end (other agents' JSON requests are not
    // replies): the fake sees the connection close once the stream has ended either way.
    const story = f.streams.find((r) => isReply(r.body))!;
    await waitFor(() => story.aborted || story.done, 10_000, 'the story stream closed');
    expect(story.aborted).toBe(true);

    // The history, and so the next prompt, holds what the user heard.
    const history = [
      { role: 'user', content: 'Tell me a long story.' },
      { role: 'assistant', content: 'Alpha part 1 of the story.' },
      { role: 'user', content: 'Where is the lift?' },
    ];
    // The answer joins it once it has been said.
    await p.publish(`${P}agent/feedback/start_speak`, '');
    await p.publish(`${P}agent/feedback/end_speak`, '');
    // (Each utterance keeps its turn's notes beside it: the next prompt repeats it as it was sent.)
    await expect.poll(() => d.dialogue.current().messages.map(({ role, content }) => ({ role, content })), { timeout: 10_000 }).toEqual([...history, { role: 'assistant', content: 'Beta: the lift is behind you.' }]);
    // (The utterance goes to the model with this turn's notes after it.)
    const prompt = responseChats()[1]!.messages.slice(1);
    expect(prompt.slice(0, -1)).toEqual(history.slice(0, -1));
    expect(prompt.at(-1)!.content).toMatch(/^Where is the lift\?\n\n\[/);

    // Nothing of the old reply after the stop, the new answer after it.
    await later(p);
    const stopAt = p.messages.findIndex((m) => m.topic === STOP);
    expect(p.messages.slice(stopAt).filter((m) => m.topic === SPEAK && m.text.startsWith('Alpha'))).toEqual([]);
    expect(p.messages.indexOf(beta)).toBeGreaterThan(stopAt);
  });

  it('cuts a reply that is fully written but still being spoken, sentence by sentence', async () => {
    const { daemon: d, probe: p } = await start((text) => (text.includes('story') ? { text: STORY, tokenDelayMs: 1 } : text.startsWith(LATER) ? LATER_REPLY : 'Beta: the lift is behind you.'));
    await p.publish(`${P}agent/user_speech`, 'Tell me a long story.');
    await turnEvent(p, 'Tell me a long story.'); // all generated
    await speakOne(p);
    await p.next(SPEAK, (m) => m.text === 'Alpha part 2 of the story.');
    await p.publish(`${P}agent/feedback/start_speak`, '');

    await p.publish(`${P}agent/user_speech`, 'Where is the lift?');
    await p.next(STOP);
    await turnEvent(p, 'Where is the lift?');
    // The answer is said (a sentence of the story still queued would be sent now), then another.
    await speakOne(p);
    await later(p);
    expect(speaks(p).filter((t) => t.startsWith('Alpha'))).toEqual(['Alpha part 1 of the story.', 'Alpha part 2 of the story.']);
    expect(d.dialogue.current().messages[1]).toEqual({ role: 'assistant', content: 'Alpha part 1 of the story. Alpha part 2 of the story.' });
    expect(d.health.counter('barge_ins')).toBe(1);
  });

  it('queues the new utterance instead when barge-in is off', async () => {
    const { probe: p } = await start(script, { speech: { bargeIn: false, waitForEndSpeak: false } });
    await p.publish(`${P}agent/user_speech`, 'Tell me a long story.');
    await p.next(SPEAK);
    await p.publish(`${P}agent/user_speech`, 'Where is the lift?');
    const first = await turnEvent(p, 'Tell me a long story.');
    await turnEvent(p, 'Where is the lift?');
    expect(first.speech?.interrupted).toBe(false);
    expect(p.messages.some((m) => m.topic === STOP)).toBe(false);
    expect(speaks(p)).toHaveLength(9);
    expect(speaks(p).at(-1)).toMatch(/^Beta/);
  });
});

describe('languages over MQTT', () => {
  it('"Kannst du Deutsch sprechen?" makes the following replies German: offline', async () => {
    const { probe: p } = await start();
    await p.publish(`${P}agent/user_speech`, 'Kannst du Deutsch sprechen?');
    const switched = await turnEvent(p, 'Kannst du Deutsch sprechen?');
    expect(switched).toMatchObject({ intent: { name: 'language_change' }, language: 'de', reply: 'Natürlich! Ab jetzt spreche ich Deutsch.' });
    await p.publish(`${P}agent/user_speech`, 'Hello!');
    const next = await turnEvent(p, 'Hello!');
    expect(next.language).toBe('de');
    expect(next.reply).toMatch(/^Hallo/);
  });

  it('"Kannst du Deutsch sprechen?" makes the following replies German: the next prompt says so', async () => {
    const { probe: p } = await start(() => 'Sehr gern.');
    await p.publish(`${P}agent/user_speech`, 'Kannst du Deutsch sprechen?');
    expect((await turnEvent(p, 'Kannst du Deutsch sprechen?')).reply).toBe('Natürlich! Ab jetzt spreche ich Deutsch.');
    // Words that do not tell their language keep the one asked for (a whole English sentence would
    // be answered in English: the language is taken from the words when speech-to-text sends no tag).
    await p.publish(`${P}agent/user_speech`, 'The menu?');
    const next = await turnEvent(p, 'The menu?');
    expect(next.language).toBe('de');
    const system = responseChats().at(-1)!.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Always reply in German');
  });

  it('follows the language field of speech input, and ignores one it cannot speak', async () => {
    const { probe: p } = await start(() => 'Bien sûr.');
    await p.publish(`${P}agent/user_speech`, JSON.stringify({ text: 'What can you do?', language: 'fr-FR' }));
    expect((await turnEvent(p, 'What can you do?')).language).toBe('fr');
    expect(responseChats().at(-1)!.messages[0]!.content).toContain('Always reply in French');
    await p.publish(`${P}agent/user_speech`, JSON.stringify({ text: 'And what else?', language: 'ja-JP' }));
    expect((await turnEvent(p, 'And what else?')).language).toBe('fr');
  });
});

describe('gestures over MQTT', () => {
  it('nods when the user agrees, before the reply is spoken', async () => {
    const { probe: p } = await start(() => 'Great, then let us go.');
    await p.publish(`${P}agent/user_speech`, 'Yes, exactly.');
    const nod = await p.next(`${P}agent/control/animation`);
    const speak = await p.next(SPEAK);
    const event = await turnEvent(p, 'Yes, exactly.');
    expect(nod.text).toBe('NOD_YES');
    expect(p.messages.indexOf(nod)).toBeLessThan(p.messages.indexOf(speak));
    expect(event.gestures).toEqual(['NOD_YES']);

    await p.publish(`${P}agent/user_speech`, 'Where is the lift?');
    expect((await turnEvent(p, 'Where is the lift?')).gestures).toEqual([]);
  });
});
