import path from 'node:path';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import { instantControlStack, startBenchDaemon } from './daemon.js';
import { summarize, type Measurement } from './stats.js';

const UTTERANCES = [
  'Hello there!',
  'My name is Alex and I work at Siemens.',
  'What can you do?',
  'Kannst du Deutsch sprechen?',
  'Wo ist der Besprechungsraum?',
  'Parle-moi en français.',
  '你好，很高兴认识你',
  'Where is the meeting room?',
  'Thanks, see you later!',
];

/**
 * The daemon as robots run it: its own process, its embedded broker, the real bus. A client
 * publishes an utterance and waits for the turn event; overhead is that round trip minus the
 * model time the event reports (intent ONNX, embeddings, CLIP, ChromaDB searches; no language model
 * runs, the offline responder answers). Measured twice: with every default agent, and with the
 * foundation graph alone (intent → response → after_response), to show what the agents add.
 */
export async function benchTurns(options: { repo: string; turns: number; dataDir: string }): Promise<Measurement[]> {
  const full = await measureTurns(options, {}, 'all default agents');
  const foundation = await measureTurns(
    { ...options, dataDir: path.join(options.dataDir, 'foundation') },
    { NADINE_AGENTS__MEMORY: 'false', NADINE_AGENTS__AFFECT: 'false', NADINE_AGENTS__PLANNER: 'false', NADINE_AGENTS__KNOWLEDGE: 'false', NADINE_AGENTS__VISION: 'false' },
    'foundation graph only',
  );
  return [...full, ...foundation.filter((m) => !m.name.startsWith(' ')).map((m) => ({ ...m, targetP95: undefined }))];
}

async function measureTurns(options: { repo: string; turns: number; dataDir: string }, env: Record<string, string>, label: string): Promise<Measurement[]> {
  const daemon = await startBenchDaemon({
    repo: options.repo,
    dataDir: options.dataDir,
    env: { NADINE_LLM__ENABLED: 'false', NADINE_DIALOGUE__HISTORY_TURNS: '10', ...env },
    subscribe: ['nadine/agent/state/turn', 'nadine/agent/control/speak'],
  });
  const { client } = daemon;
  try {
    instantControlStack(client);
    let waiting: ((e: { event: TurnEvent; at: number }) => void) | null = null;
    let spoken = 0;
    client.on('message', (topic, payload) => {
      // The clock stops when the event arrives, before the bench's own parsing.
      const at = performance.now();
      if (topic.endsWith('control/speak')) spoken++;
      else waiting?.({ event: TurnEventSchema.parse(JSON.parse(payload.toString())), at });
    });

    const roundTrip: number[] = [];
    const model: number[] = [];
    const overhead: number[] = [];
    const inDaemon: number[] = [];
    // Where the tail comes from: the overhead of each kind of turn (a farewell writes to disk).
    const byUtterance = new Map<string, number[]>();
    // A robot's daemon runs for days: measured once the JIT has compiled every kind of turn's
    // code. A farewell's comes round once in nine turns: after 50 warm-up turns it was still
    // being optimised, 0.2–1.3 ms more p95 in three alternating runs.
    const warmup = 500;
    for (let i = 0; i < options.turns + warmup; i++) {
      const text = UTTERANCES[i % UTTERANCES.length]!;
      spoken = 0;
      const started = performance.now();
      const { event, at } = await new Promise<{ event: TurnEvent; at: number }>((resolve) => {
        waiting = resolve;
        void client.publishAsync('nadine/agent/user_speech', text, { qos: 1 });
      });
      const elapsed = at - started;
      if (event.user_text !== text) throw new Error(`turn event for "${event.user_text}", expected "${text}"`);
      // Let the reply be spoken out, so that the next utterance is a new turn, not a barge-in.
      while (spoken < (event.speech?.sentences ?? 1)) await new Promise((r) => setTimeout(r, 1));
      if (i < warmup) continue;
      const compute = Object.values(event.model_ms).reduce((a, b) => a + b, 0);
      roundTrip.push(elapsed);
      model.push(compute);
      overhead.push(elapsed - compute);
      inDaemon.push(event.timings_ms.total! - compute);
      byUtterance.set(text, [...(byUtterance.get(text) ?? []), elapsed - compute]);
    }
    const slowest = [...byUtterance].map(([text, samples]) => ({ text, summary: summarize(samples) })).sort((a, b) => b.summary.p95 - a.summary.p95);
    return [
      { name: `turn round trip over MQTT (publish → turn event), ${label}`, unit: 'ms', summary: summarize(roundTrip) },
      { name: '  of which model compute (ONNX, embeddings, ChromaDB)', unit: 'ms', summary: summarize(model) },
      { name: `per-turn overhead (round trip − model compute), ${label}`, unit: 'ms', summary: summarize(overhead), targetP95: 5 },
      { name: '  of which inside the turn (graph, validation)', unit: 'ms', summary: summarize(inDaemon) },
      ...slowest.slice(0, 3).map(({ text, summary }) => ({ name: `  overhead of "${text}"`, unit: 'ms' as const, summary })),
    ];
  } finally {
    await daemon.stop();
  }
}
