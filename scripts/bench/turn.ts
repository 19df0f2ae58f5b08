import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import mqtt from 'mqtt';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * The daemon as robots run it: its own process, its embedded broker, the real bus. A client
 * publishes an utterance and waits for the turn event; overhead is that round trip minus the
 * model time the event reports (intent ONNX; no language model runs, the offline responder answers).
 */
export async function benchTurns(options: { repo: string; turns: number; dataDir: string }): Promise<Measurement[]> {
  const port = await freePort();
  const daemon = spawn(process.execPath, ['--import', 'tsx', path.join(options.repo, 'src/main.ts')], {
    cwd: options.repo,
    env: {
      ...process.env,
      NADINE_BROKER__PORT: String(port),
      NADINE_LLM__ENABLED: 'false',
      NADINE_LOG__LEVEL: 'warn',
      NADINE_PATHS__DATA: options.dataDir,
      NADINE_DIALOGUE__HISTORY_TURNS: '10',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const client = await connectWhenUp(`mqtt://127.0.0.1:${port}`);
    await client.subscribeAsync('nadine/agent/state/turn', { qos: 1 });
    let waiting: ((e: TurnEvent) => void) | null = null;
    client.on('message', (_t, payload) => waiting?.(TurnEventSchema.parse(JSON.parse(payload.toString()))));

    const roundTrip: number[] = [];
    const model: number[] = [];
    const overhead: number[] = [];
    const inDaemon: number[] = [];
    const warmup = 50;
    for (let i = 0; i < options.turns + warmup; i++) {
      const text = UTTERANCES[i % UTTERANCES.length]!;
      const started = performance.now();
      const event = await new Promise<TurnEvent>((resolve) => {
        waiting = resolve;
        void client.publishAsync('nadine/agent/user_speech', text, { qos: 1 });
      });
      const elapsed = performance.now() - started;
      if (event.user_text !== text) throw new Error(`turn event for "${event.user_text}", expected "${text}"`);
      if (i < warmup) continue;
      const compute = Object.values(event.model_ms).reduce((a, b) => a + b, 0);
      roundTrip.push(elapsed);
      model.push(compute);
      overhead.push(elapsed - compute);
      inDaemon.push(event.timings_ms.total! - compute);
    }
    await client.endAsync();
    return [
      { name: 'turn round trip over MQTT (publish → turn event)', unit: 'ms', summary: summarize(roundTrip) },
      { name: '  of which model compute (intent ONNX)', unit: 'ms', summary: summarize(model) },
      { name: 'per-turn overhead (round trip − model compute)', unit: 'ms', summary: summarize(overhead), targetP95: 5 },
      { name: '  of which inside the turn (graph, validation)', unit: 'ms', summary: summarize(inDaemon) },
    ];
  } finally {
    daemon.kill('SIGTERM');
  }
}

async function connectWhenUp(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 1000 });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
