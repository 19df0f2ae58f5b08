/**
 * Records a small logged visit for the replay tests: a daemon of its own on a fake model server
 * (the bench's scripted answers), a visitor who is detected and says a few lines, and the
 * interaction log it wrote, copied to eval/replays/<name>.jsonl.
 *
 *   npx tsx scripts/make-replay-fixture.ts NAME "utterance" ["utterance" …] [--known ID:NAME]
 *
 * The fixtures of test/integration/replay.test.ts:
 *   npx tsx scripts/make-replay-fixture.ts first-visit "Hello!" "My name is Quinn." "Where is the meeting room?"
 *   npx tsx scripts/make-replay-fixture.ts returning-visitor "Hello!" "Where is the meeting room?" "Goodbye, see you next time!" --known ada-7f3a2c:Ada
 * returning-visitor.jsonl is kept as recorded before the reply prompt became append-only, on
 * purpose: it is a log from older code (no prompt matches today's exactly) whose greeting the
 * visitor cut before it asked the model, and it must still replay the same way on every run.
 * Recording it again gives a log of today's prompts, where the greeting may or may not be cut.
 */
import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Stage, TOPIC } from '../src/eval/stage.js';
import { startEvalDaemon } from '../src/eval/daemon.js';
import { createLogger } from '../src/log/index.js';
import { answerAsModel } from './bench/critical.js';
import { agentOf } from './bench/model-server.js';
import { startFakeOllama } from '../test/helpers/fake-ollama.js';

const REPO = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { known: { type: 'string' } } });
const [name, ...lines] = positionals;
if (!name || !lines.length) throw new Error('usage: make-replay-fixture.ts NAME "utterance" …');
const [knownId, knownName] = values.known?.split(':') ?? [];

const server = await startFakeOllama({ reply: (body) => answerAsModel(body, agentOf(body)) });
const own = await startEvalDaemon({
  overrides: {},
  ollamaUrl: server.url,
  chromaUrl: null,
  people: knownId ? { [knownId]: knownName! } : {},
  log: createLogger({ level: 'warn' }),
  keepData: true,
});
const stage = await Stage.open({ url: own.url, prefix: own.config.mqtt.prefix, charsPerSecond: 400, feedback: true, cameraFrame: null, detectEveryMs: 5_000 });
if (knownId) await stage.detect(knownId, knownName!, 90);
for (const text of lines) {
  const from = stage.heard.length;
  await stage.publish(TOPIC.speech, text);
  await stage.waitFor(() => {
    const turn = stage.heard.slice(from).find((h) => h.topic === TOPIC.turn && !h.ours);
    return turn && stage.silentFor(250) && stage.now() - turn.at >= 250 ? true : null;
  }, 30_000);
}
await stage.close();
await own.daemon.observer.flush();
await own.stop();
await server.close();
const dir = path.join(own.dataDir, 'logs', 'sessions');
const day = readdirSync(dir).find((d) => /^\d{4}-/.test(d))!;
const file = readdirSync(path.join(dir, day)).find((f) => f.endsWith('.jsonl') && !f.startsWith('_'))!;
copyFileSync(path.join(dir, day, file), path.join(REPO, 'eval', 'replays', `${name}.jsonl`));
console.log(`eval/replays/${name}.jsonl (from ${own.dataDir})`);
