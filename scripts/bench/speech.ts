import type { MqttClient } from 'mqtt';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
// The same fake Ollama as the tests: it streams with a known delay and records when it wrote each token.
import { startFakeOllama, tokens, type ChatBody, type FakeOllama } from '../../test/helpers/fake-ollama.js';
import { instantControlStack, startBenchDaemon, type BenchDaemon } from './daemon.js';
import { summarize, type Measurement } from './stats.js';

const QUESTIONS = ['What can you do?', 'Where is the meeting room?', 'Tell me about this building.', 'Who works here?', 'Is there a cafeteria?'];
const REPLY = 'Sure, I can help with that. The meeting room is on the second floor, next to the lift. Just ask me if you need anything else.';
/** Token index that completes the first sentence: when the model's first sentence exists. */
const FIRST_SENTENCE_TOKEN = tokens(REPLY).findIndex((t) => /[.!?]$/.test(t));
// A model that starts after 30 ms and writes ~120 tokens per second: what a GPU robot gets from a 7B model.
const FIRST_TOKEN_MS = 30;
const TOKEN_MS = 8;

interface Run {
  daemon: BenchDaemon;
  client: MqttClient;
  fake: FakeOllama;
}

/**
 * Time from user speech to the first `speak` message over the real bus, minus the fake model's
 * own first-sentence time (from the request reaching it to the token that ends the first
 * sentence, as the server wrote it). What remains is the daemon's part: MQTT in, intent, graph,
 * prompt, the HTTP round trip to Ollama, parsing, sentence splitting, MQTT out. The bench client
 * plays an instant control stack (start_speak/end_speak at once) so every reply is spoken out.
 */
export async function benchSpeech(options: { repo: string; turns: number; dataDir: string }): Promise<Measurement[]> {
  const streamed = await measure(options, Math.min(options.turns, 300), true);
  const whole = await measure(options, Math.min(options.turns, 50), false);
  return [
    { name: 'speech → first speak (streamed, MQTT + fake LLM)', unit: 'ms', summary: summarize(streamed.firstSpeak) },
    { name: '  of which the model writing sentence 1', unit: 'ms', summary: summarize(streamed.model) },
    { name: 'first speak − model first-sentence time', unit: 'ms', summary: summarize(streamed.overhead), targetP95: 30 },
    { name: 'speech → first speak, whole reply (streaming off)', unit: 'ms', summary: summarize(whole.firstSpeak) },
  ];
}

async function measure(options: { repo: string; dataDir: string }, turns: number, streaming: boolean) {
  const run = await start(options, streaming);
  const firstSpeak: number[] = [];
  const model: number[] = [];
  const overhead: number[] = [];
  let onSpeak: (() => void) | null = null;
  let onTurn: ((e: TurnEvent) => void) | null = null;
  instantControlStack(run.client);
  run.client.on('message', (topic, payload) => {
    if (topic.endsWith('control/speak')) {
      onSpeak?.();
    } else if (topic.endsWith('state/turn')) {
      onTurn?.(TurnEventSchema.parse(JSON.parse(payload.toString())));
    }
  });
  try {
    const warmup = 20;
    for (let i = 0; i < turns + warmup; i++) {
      const text = QUESTIONS[i % QUESTIONS.length]!;
      const streamsBefore = run.fake.streams.length;
      let speaks = 0;
      let first = 0;
      const started = performance.now();
      const allSaid = new Promise<void>((resolve) => {
        let expected = Number.POSITIVE_INFINITY;
        onSpeak = () => {
          if (++speaks === 1) first = performance.now() - started;
          if (speaks >= expected) resolve();
        };
        onTurn = (event) => {
          if (event.user_text !== text) return;
          expected = event.speech?.sentences ?? 1;
          if (speaks >= expected) resolve();
        };
      });
      await run.client.publishAsync('nadine/agent/user_speech', text, { qos: 1 });
      await allSaid;
      if (i < warmup) continue;
      const stream = run.fake.streams.slice(streamsBefore).find((s) => !s.body.format);
      if (!stream) throw new Error('the reply did not come from the language model (is it available to the daemon?)');
      const written = streaming ? stream.writtenAt[FIRST_SENTENCE_TOKEN]! : stream.writtenAt.at(-1)!;
      firstSpeak.push(first);
      model.push(written - stream.receivedAt);
      overhead.push(first - (written - stream.receivedAt));
    }
  } finally {
    await run.daemon.stop();
    await run.fake.close();
  }
  return { firstSpeak, model, overhead };
}

async function start(options: { repo: string; dataDir: string }, streaming: boolean): Promise<Run> {
  const fake = await startFakeOllama({
    reply: (body) => (body.format ? json(body) : { text: REPLY, firstTokenDelayMs: FIRST_TOKEN_MS, tokenDelayMs: TOKEN_MS }),
  });
  try {
    const daemon = await startBenchDaemon({
      repo: options.repo,
      dataDir: options.dataDir,
      env: {
        NADINE_LLM__ENABLED: 'true',
        NADINE_LLM__URL: fake.url,
        // The on-device intent model decides alone: the only model call is the streamed reply.
        NADINE_DIALOGUE__INTENT_THRESHOLD: '0',
        NADINE_SPEECH__STREAMING: String(streaming),
      },
      subscribe: ['nadine/agent/control/speak', 'nadine/agent/state/turn'],
    });
    return { daemon, client: daemon.client, fake };
  } catch (err) {
    await fake.close();
    throw err;
  }
}

// The planner and the contextualizer get answers a model would give
// (no tools for these questions; the question already stands alone), so the turn does not take
// their fallback paths; other JSON requests (intent, appraisal) get the intent answer as before.
function json(body: ChatBody): string {
  const system = body.messages[0]?.content ?? '';
  if (system.startsWith('You decide which tools')) return '{"steps": []}';
  if (system.startsWith('You rewrite')) return JSON.stringify({ question: body.messages.at(-1)?.content.match(/Last message: "(.*)"$/s)?.[1] ?? '' });
  return '{"intent": "continue_conversation", "language": null}';
}
