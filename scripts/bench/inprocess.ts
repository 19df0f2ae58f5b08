import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigSchema } from '../../src/config/index.js';
import { SentenceSplitter } from '../../src/speech/index.js';
import { instantControlStack, startBenchDaemon } from './daemon.js';
import { summarize, type Measurement } from './stats.js';

/** The tiny GGUF model of the shared folder (a 260K-parameter story writer): its tokens take microseconds. */
export function sharedGguf(repo: string): string | null {
  return [path.resolve(repo, '../shared'), '/work/shared'].map((dir) => path.join(dir, 'models/gguf/stories260K.gguf')).find((f) => existsSync(f)) ?? null;
}

const SPEECH_DEFAULTS = ConfigSchema.parse({});

const UTTERANCES = ['Hello!', 'Tell me about your day.', 'What can you do?', 'Where is the meeting room?', 'Is it far from here?', 'Thank you, goodbye!'];

interface ModelCallEntry {
  type: string;
  agent: string;
  started_at: string;
  ms: number;
  ttft_ms: number | null;
  /** The part of ttft_ms the call waited in the backend before the model began on it. */
  wait_ms?: number;
  output: string;
  turn_id?: string;
  tokens: { completion: number | null };
}

/**
 * The in-process backend's own overhead (issue 25, part 5): speech → first `control/speak` with
 * every profile on the GGUF file in process, minus the model's own token time: its prompt
 * evaluation (the reply call's time to its first token less what it waited in the backend, from
 * the interaction log) and the tokens of the reply's first sentence (its decode rate times them).
 * What is left is the daemon and the backend: context creation, grammar compilation, queueing
 * behind other agents' calls on the same model.
 */
export async function benchInProcess(options: { repo: string; dataDir: string }): Promise<Measurement[]> {
  const file = sharedGguf(options.repo);
  if (!file) {
    console.log('in-process overhead: skipped, stories260K.gguf is not in ../shared');
    return [];
  }
  // Every profile on the file, one thread each (two cores here), as a configuration file: a
  // profile's path is not an environment setting.
  const gguf = { backend: 'gguf', path: file, threads: 1 };
  const configFile = path.join(options.dataDir, 'inprocess.config.json');
  writeFileSync(configFile, JSON.stringify({ http: { port: 0 }, llm: { enabled: true, profiles: { small: gguf, big: gguf, response: gguf, vision: gguf } } }));
  const env: Record<string, string> = { NADINE_CONFIG: configFile };
  const daemon = await startBenchDaemon({ repo: options.repo, dataDir: options.dataDir, env, subscribe: ['nadine/agent/control/speak', 'nadine/agent/state/turn'] });
  const { client } = daemon;
  instantControlStack(client);
  const warmMs = await untilLoaded(client);
  console.log(`[in-process]   model loaded, contexts made, grammars compiled ${warmMs.toFixed(0)} ms after the daemon was online`);
  const firstSpeak: number[] = [];
  /** When each utterance was published (wall clock: the interaction log's call times are). */
  const spokenAt: number[] = [];
  try {
    for (const text of UTTERANCES) {
      const started = performance.now();
      spokenAt.push(Date.now());
      await new Promise<void>((resolve) => {
        let first = 0;
        const listener = (topic: string, payload: Buffer) => {
          if (topic.endsWith('control/speak') && !first) first = performance.now() - started;
          if (topic.endsWith('state/turn') && (JSON.parse(payload.toString()) as { user_text?: string }).user_text === text) {
            client.off('message', listener);
            firstSpeak.push(first);
            resolve();
          }
        };
        client.on('message', listener);
        void client.publishAsync('nadine/agent/user_speech', text, { qos: 1 });
      });
    }
  } finally {
    await daemon.stop();
  }
  const calls = modelCalls(path.join(options.dataDir, 'logs/sessions'));
  const replies = calls.filter((c) => c.agent === 'response');
  const own = replies.map((r) => promptMs(r) + ownFirstSentenceMs(r));
  const overhead = firstSpeak.map((ms, i) => ms - (own[i] ?? 0));
  // The daemon's own time before the model began on the reply: the turn up to the reply call, and
  // the call's wait in the backend. Read from the log, not derived from token rates (a tiny model's
  // decode slows as its context fills, so the estimate of its own time above is rough).
  const beforeModel = replies.map((r, i) => Date.parse(r.started_at) - spokenAt[i]! + (r.wait_ms ?? 0));
  UTTERANCES.forEach((text, i) =>
    console.log(
      `[in-process]   ${text.padEnd(30)} first speak ${firstSpeak[i]!.toFixed(0).padStart(6)} ms, model's own ${(own[i] ?? 0).toFixed(1).padStart(6)} ms ` +
        `(prompt ${(replies[i] ? promptMs(replies[i]) : 0).toFixed(0)} ms), reply call's first token ${(replies[i]?.ttft_ms ?? 0).toFixed(0).padStart(5)} ms of which waiting ${(replies[i]?.wait_ms ?? 0).toFixed(0)} ms ` +
        `(${replies[i]?.tokens.completion ?? '?'} tokens in ${(replies[i]?.ms ?? 0).toFixed(0)} ms), daemon before the model began ${(beforeModel[i] ?? 0).toFixed(0)} ms, ${overlapping(calls, replies[i])}`,
    ),
  );
  return [
    { name: '[in-process] overhead, first turn after start-up (first speak − model token time)', unit: 'ms', summary: summarize(overhead.slice(0, 1)) },
    { name: '[in-process] overhead, later turns', unit: 'ms', summary: summarize(overhead.slice(1)) },
    { name: '[in-process] daemon before the model began the reply, first turn (speech → reply call, + its wait)', unit: 'ms', summary: summarize(beforeModel.slice(0, 1)) },
    { name: '[in-process] daemon before the model began the reply, later turns', unit: 'ms', summary: summarize(beforeModel.slice(1)) },
    { name: "[in-process]   reply call's time to its first token", unit: 'ms', summary: summarize(replies.map((r) => r.ttft_ms ?? 0)) },
  ];
}

/** The other model calls that ran while the reply waited for its first token: what it may have queued behind. */
function overlapping(calls: ModelCallEntry[], reply: ModelCallEntry | undefined): string {
  if (!reply) return '';
  const start = Date.parse(reply.started_at);
  const first = start + (reply.ttft_ms ?? reply.ms);
  const others = calls.filter((c) => c !== reply && Date.parse(c.started_at) < first && Date.parse(c.started_at) + c.ms > start);
  return `beside it: ${others.map((c) => `${c.agent} ${c.ms.toFixed(0)} ms (${c.tokens.completion ?? '?'} tokens)`).join(', ') || '—'}`;
}

/** Waits until the daemon's status says the model is loaded and warm ("after start-up"); at most two minutes. */
async function untilLoaded(client: import('mqtt').MqttClient): Promise<number> {
  const started = performance.now();
  const topic = 'nadine/agent/status';
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 120_000);
    function done() {
      clearTimeout(timer);
      client.off('message', listener);
      resolve();
    }
    function listener(t: string, payload: Buffer) {
      if (t !== topic) return;
      const status = JSON.parse(payload.toString()) as { components?: Record<string, { status?: string; detail?: string }> };
      // Ready: loaded, and no longer warming (contexts made, the agents' grammars compiled, the reply's prefix computed).
      const llm = status.components?.llm;
      if (llm?.status === 'ok' && /loaded/.test(llm.detail ?? '')) done();
    }
    client.on('message', listener);
    void client.subscribeAsync(topic, { qos: 1 });
  });
  return performance.now() - started;
}

/**
 * The model's own prompt evaluation: the reply call's time to its first token, less what it waited
 * in the backend before the model began on it (0 when the log does not say: counted as overhead).
 */
function promptMs(call: ModelCallEntry): number {
  if (call.ttft_ms === null || call.wait_ms === undefined) return 0;
  return Math.max(0, call.ttft_ms - call.wait_ms);
}

/**
 * The model's own time for what was first spoken: its decode rate times the tokens of the first
 * piece the daemon's sentence splitter hands to speech (a sentence, or a run-on cut at
 * speech.maxSentenceChars: the tiny model rarely ends one), fed the output as it was streamed.
 */
function ownFirstSentenceMs(call: ModelCallEntry): number {
  const tokens = call.tokens.completion ?? 0;
  if (!tokens || call.ttft_ms === null) return 0;
  const perToken = (call.ms - call.ttft_ms) / Math.max(tokens - 1, 1);
  const first = firstSpokenChars(call.output);
  const share = first / Math.max(call.output.length, 1);
  return perToken * Math.max(1, Math.round(tokens * share));
}

/** Characters of the output streamed until the first piece was handed to speech (the whole output if none was before the end). */
function firstSpokenChars(output: string): number {
  const { speech } = SPEECH_DEFAULTS;
  const splitter = new SentenceSplitter({ language: 'en', minChars: speech.minSentenceChars, maxChars: speech.maxSentenceChars });
  // Streamed by words, as the backend's chunks come.
  const words = output.match(/\S+\s*|\s+/g) ?? [];
  let fed = 0;
  for (const word of words) {
    fed += word.length;
    if (splitter.push(word).length) return fed;
  }
  return output.length;
}

function modelCalls(dir: string): ModelCallEntry[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl'));
  const entries = files.flatMap((f) =>
    readFileSync(path.join(dir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ModelCallEntry & { ts?: string }),
  );
  return entries.filter((e) => e.type === 'model_call').sort((a, b) => String((a as { ts?: string }).ts).localeCompare(String((b as { ts?: string }).ts)));
}
