import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createDialogue, defineAgent, defineGraph, END, type buildDialogueGraph, type Ports } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { daemonPorts } from '../../helpers/ports.js';

/** Released to let a turn of "hold" answer. */
function gate() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
let held = gate();

/** A robot that explains at length, or asks a question when told "ask". */
function explainer() {
  const talker = defineAgent({
    name: 'talker',
    reads: ['user_text', 'language'],
    writes: ['final_message'],
    async run(s, ports: Pick<Ports, 'reply'>) {
      if (s.user_text === 'hold') await held.promise;
      const text =
        s.user_text === 'ask'
          ? 'Would you like to hear more?'
          : s.user_text === 'explain, then ask'
            ? "I don't know that yet. What's your name?"
            : `Reply to: ${s.user_text}. It goes on for a while.`;
      ports.reply.write(text, s.language);
      ports.reply.end();
      return { final_message: text };
    },
  });
  return defineGraph({ start: 'talker', nodes: { talker }, edges: { talker: END } }) as unknown as ReturnType<typeof buildDialogueGraph>;
}

function robot() {
  const config = testConfig();
  const health = new Health();
  const d = createDialogue({
    ports: daemonPorts(config, { llm: new OllamaLanguageModel({ config: config.llm, log: silentLogger, health }) }),
    graph: explainer(),
    log: silentLogger,
    health,
    speechFeedback: true,
  });
  const said: string[] = [];
  const stops: string[] = [];
  d.speech.on('speak', (t) => said.push(t));
  d.speech.on('stop_speaking', (cut) => stops.push(cut.turnId));
  return { ...d, said, stops };
}

/** The robot is in the middle of saying its reply to `text`. */
async function speaking(r: ReturnType<typeof robot>, text: string) {
  const spoken = once(r.speech, 'speak');
  const done = r.turns.submit({ text });
  await spoken;
  r.voice.started();
  await done;
  expect(r.voice.busy).toBe(true);
}

describe('a backchannel while the robot speaks', () => {
  it.each(['Uh-huh.', 'mm-hmm', 'genau', "d'accord", 'ajá', 'sí sí', '嗯', '好的'])('"%s" neither stops the robot nor gets a reply', async (text) => {
    const r = robot();
    await speaking(r, 'Tell me about the building');
    const said = r.said.length;
    expect(await r.turns.submit({ text })).toBeNull();
    expect(r.stops).toEqual([]);
    expect(r.said).toHaveLength(said);
    expect(r.current().messages.map((m) => m.content)).not.toContain(text);
  });

  it('a real question still barges in and is answered', async () => {
    const r = robot();
    await speaking(r, 'Tell me about the building');
    const result = await r.turns.submit({ text: 'Okay, but where is the toilet?' });
    expect(r.stops).toHaveLength(1);
    expect(result?.event.reply).toBe('Reply to: Okay, but where is the toilet?. It goes on for a while.');
  });

  it('after the robot asked something, "yeah" is the answer', async () => {
    const r = robot();
    await speaking(r, 'ask');
    const result = await r.turns.submit({ text: 'Yeah.' });
    expect(result?.event.user_text).toBe('Yeah.');
  });

  it('"mm-hmm" before the question is said is listening, not the answer', async () => {
    const r = robot();
    await speaking(r, 'explain, then ask');
    expect(r.voice.unsaid).toEqual(["What's your name?"]);
    expect(await r.turns.submit({ text: 'Mm-hmm.' })).toBeNull();
    expect(r.stops).toEqual([]);
  });

  it('a question cut by a newer utterance is no longer pending: "euh" while that one is answered is listening', async () => {
    held = gate();
    const r = robot();
    await speaking(r, 'ask');
    const newer = r.turns.submit({ text: 'hold' });
    expect(r.stops).toHaveLength(1);
    expect(await r.turns.submit({ text: 'Euh…' })).toBeNull();
    expect(r.stops).toHaveLength(1);
    held.resolve();
    expect((await newer)?.event.user_text).toBe('hold');
  });

  it('when the robot is quiet, "okay" is a turn like any other', async () => {
    const r = robot();
    const result = await r.turns.submit({ text: 'Okay.' });
    expect(result?.event.user_text).toBe('Okay.');
  });
});
