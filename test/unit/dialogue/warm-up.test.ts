import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { AlertDesk } from '../../../src/alerts/index.js';
import { buildDialogueGraph, warmUp } from '../../../src/dialogue/index.js';
import { rehearse } from '../../../src/dialogue/warm-up-turns.js';
import type { LanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { OnnxIntentClassifier } from '../../../src/intent/index.js';
import type { MemoryPort } from '../../../src/memory/index.js';
import { MODELS_DIR, testConfig } from '../../helpers/config.js';
import { daemonPorts, RecordingPerception } from '../../helpers/ports.js';

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
  return { log: pino({ level: 'debug' }, stream), lines };
}

/** Every file under the data directory with its content hash: what the stores and logs hold. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const f = path.join(d, name);
      if (statSync(f).isDirectory()) walk(f);
      else out[path.relative(dir, f)] = createHash('sha1').update(readFileSync(f)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** A memory that records which of its methods were used. */
function recordingMemory(): MemoryPort & { used: string[] } {
  const used: string[] = [];
  return {
    used,
    recall: async (userId) => (used.push(`recall ${userId}`), { episode: null, conversation: null, embedMs: 0, queryMs: 0 }),
    latestEpisode: async (userId) => (used.push(`latest ${userId}`), null),
    remember: async () => void used.push('remember'),
    prepare: (userId) => void used.push(`prepare ${userId}`),
  };
}

/** A language model that records every call made to it (none should be). */
function recordingModel(): LanguageModel & { calls: string[] } {
  const calls: string[] = [];
  const fail = (what: string) => {
    calls.push(what);
    throw new Error(`${what} called`);
  };
  return {
    calls,
    available: () => true,
    multimodal: () => false,
    stream: () => fail('stream'),
    complete: () => fail('complete'),
    json: () => fail('json'),
    health: () => ({ enabled: true, reachable: true, version: null, models: {}, checkedAt: null }),
  };
}

const intentDir = path.join(MODELS_DIR, 'intent');
/** The warm-up's user: an id no generated id can be. */
const WARM_UP_USER = '__warm_up__';

describe('the warm-up at start-up', () => {
  it("runs every port's first use on dummy input and changes no store, history, perception or log", async () => {
    const config = testConfig();
    const memory = recordingMemory();
    const perception = new RecordingPerception();
    const intent = existsSync(path.join(intentDir, 'intent.onnx')) ? await OnnxIntentClassifier.load(intentDir) : null;
    const ports = daemonPorts(config, { memory, perception, intent });
    const committed = vi.spyOn(ports.affect, 'commit');
    const before = snapshot(config.paths.data);
    const { log, lines } = capturingLogger();

    const steps = await warmUp(ports, log);

    expect(steps.filter((s) => s.error)).toEqual([]);
    expect(steps.map((s) => s.step)).toEqual(['language', ...(intent ? ['intent_model'] : []), 'embedder', 'memory_search', 'prompt']);
    // Read paths only, on a user nobody has.
    expect(memory.used.sort()).toEqual([`latest ${WARM_UP_USER}`, `recall ${WARM_UP_USER}`]);
    expect(perception.settled).toEqual([]);
    expect(perception.captures).toEqual([]);
    expect(ports.people.knownUsers()).toEqual([]);
    expect(snapshot(config.paths.data)).toEqual(before);
    expect(committed).not.toHaveBeenCalled();
    expect(lines.some((l) => l.msg === 'warmed up')).toBe(true);
  });

  it('logs a step that fails, goes on with the others and never throws', async () => {
    const config = testConfig();
    const ports = daemonPorts(config, {
      intent: { classify: async () => Promise.reject(new Error('onnx session broken')) },
      embeddings: { id: 'broken', dims: 4, embed: async () => Promise.reject(new Error('embedder down')) },
    });
    const { log, lines } = capturingLogger();

    const steps = await warmUp(ports, log);

    expect(steps.find((s) => s.step === 'intent_model')?.error).toBe('onnx session broken');
    expect(steps.find((s) => s.step === 'embedder')?.error).toBe('embedder down');
    expect(steps.find((s) => s.step === 'prompt')?.error).toBeUndefined();
    const warnings = lines.filter((l) => l.msg?.toString().startsWith('warm-up step failed'));
    expect(warnings.map((l) => l.step)).toEqual(['intent_model', 'embedder']);
  });

  it("runs the graph's turns (a greeting and an introduction in every language, a question and a farewell) and still writes nothing anywhere", async () => {
    const config = testConfig();
    const memory = recordingMemory();
    const perception = new RecordingPerception();
    const llm = recordingModel();
    const alerts = new AlertDesk({ config: config.alerts, log: silentLogger, now: () => new Date('2026-11-21T10:00:00Z') });
    const raised: unknown[] = [];
    alerts.on('alert', (a) => raised.push(a));
    const report = vi.spyOn(alerts, 'report');
    const intent = existsSync(path.join(intentDir, 'intent.onnx')) ? await OnnxIntentClassifier.load(intentDir) : null;
    const ports = daemonPorts(config, { memory, perception, intent, llm, alerts });
    const committed = vi.spyOn(ports.affect, 'commit');
    const affectBefore = JSON.stringify(ports.affect.current(new Date('2026-11-21T10:00:00Z')));
    const before = snapshot(config.paths.data);
    const { log, lines } = capturingLogger();

    const steps = await warmUp(ports, log, buildDialogueGraph(config));

    const turns = steps.find((s) => s.step === 'turns');
    expect(turns?.error).toBeUndefined();
    expect(turns?.turns).toBe(14);
    // Then again, round after round, until V8 has optimised them (at most 12 rounds): written nowhere either (below).
    const rehearsal = steps.find((s) => s.step === 'rehearsal');
    expect(rehearsal?.error).toBeUndefined();
    expect(rehearsal?.rounds?.length).toBeGreaterThanOrEqual(1);
    expect(rehearsal?.rounds?.length).toBeLessThanOrEqual(12);
    // Once per process: the JIT's work is not lost between two daemons in it.
    const again = await warmUp(ports, silentLogger, buildDialogueGraph(config));
    expect(again.map((s) => s.step)).toContain('turns');
    expect(again.map((s) => s.step)).not.toContain('rehearsal');
    const warmed = lines.find((l) => l.msg === 'warmed up');
    expect(warmed).toBeDefined();
    // The agents of a turn ran: the introduction's name rules and the reply among them.
    const ran = (lines.filter((l) => l.msg === 'warm-up turn') as { agents?: string[] }[]).flatMap((l) => l.agents ?? []);
    expect(ran).toEqual(expect.arrayContaining(['intent', 'memory_update', 'appraisal', 'response', 'turn_end']));
    // A known visitor's paths too (their memories recalled, "do you remember me?"), each more than
    // once, on the id nobody has: the port warm-up's search, then three turns.
    expect(memory.used.filter((u) => u === `recall ${WARM_UP_USER}`).length).toBeGreaterThanOrEqual(3);
    expect(memory.used.filter((u) => u === `latest ${WARM_UP_USER}`).length).toBeGreaterThanOrEqual(2);

    // Nothing reached a model, the bus, the stores, the robot's feelings or the staff desk.
    expect(llm.calls).toEqual([]);
    expect(perception.settled).toEqual([]);
    expect(perception.captures).toEqual([]);
    expect(memory.used.filter((u) => u === 'remember')).toEqual([]);
    expect(ports.people.knownUsers()).toEqual([]);
    expect(snapshot(config.paths.data)).toEqual(before);
    expect(committed).not.toHaveBeenCalled();
    expect(JSON.stringify(ports.affect.current(new Date('2026-11-21T10:00:00Z')))).toBe(affectBefore);
    expect(report).not.toHaveBeenCalled();
    expect(raised).toEqual([]);
    expect(alerts.history(null)).toEqual({ valences: [], abusive: 0, staff: null });
  });
});

describe('the rehearsal', () => {
  /** Rounds that take the given times on a clock of their own. */
  const timed = (durations: number[]) => {
    let t = 0;
    let i = 0;
    return { now: () => t, round: async () => void (t += durations[Math.min(i++, durations.length - 1)]!) };
  };

  it('goes on while rounds get faster, and stops three rounds after the last one that did', async () => {
    const { now, round } = timed([120, 118, 95, 90, 70, 66, 65, 65, 64, 63, 62]);
    const rounds = await rehearse(round, { minRounds: 6, maxRounds: 12, budgetMs: 10_000 }, now);
    // 65 is not 3 % faster than 66; nor are the next 65 and 64: settled after the ninth round.
    expect(rounds).toEqual([120, 118, 95, 90, 70, 66, 65, 65, 64]);
  });

  it('runs at least the minimum, at most the maximum, and starts no round past its time', async () => {
    expect(await rehearse(timed([50]).round, { minRounds: 6, maxRounds: 12, budgetMs: 10_000 }, timed([50]).now)).toHaveLength(6);
    const faster = timed(Array.from({ length: 20 }, (_, i) => 200 - i * 10));
    expect(await rehearse(faster.round, { minRounds: 6, maxRounds: 12, budgetMs: 10_000 }, faster.now)).toHaveLength(12);
    const slow = timed([1000]);
    expect(await rehearse(slow.round, { minRounds: 6, maxRounds: 12, budgetMs: 2_500 }, slow.now)).toEqual([1000, 1000, 1000]);
  });
});
