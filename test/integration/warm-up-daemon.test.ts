import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';

/** Every line of every file under `dir` (the interaction log's session files). */
function linesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .flatMap((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8').split('\n').filter(Boolean));
}

describe('the daemon warms its ports up before it says it is online', () => {
  let daemon: Daemon;
  let probe: Probe;
  const lines: Record<string, unknown>[] = [];
  const P = 'nadine/';

  beforeAll(async () => {
    const stream = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
    daemon = await startDaemon({ config: testConfig({ dialogue: { warmUp: true } }), log: pino({ level: 'info' }, stream), mqtt: true });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  });
  afterAll(async () => {
    await probe?.close();
    await daemon?.stop();
  });

  it('warms up before "daemon ready", and leaves the history, the people, the bus and the interaction log as a fresh start has them', async () => {
    const warmed = lines.findIndex((l) => l.msg === 'warmed up');
    const ready = lines.findIndex((l) => l.msg === 'daemon ready');
    expect(warmed).toBeGreaterThanOrEqual(0);
    expect(warmed).toBeLessThan(ready);
    const steps = (lines[warmed]!.steps as { step: string; error?: string }[]);
    // The graph's own turns too: the agents' code runs before anyone speaks.
    expect(steps.map((s) => s.step)).toEqual(expect.arrayContaining(['language', 'embedder', 'prompt', 'turns']));
    expect(steps.filter((s) => s.error)).toEqual([]);

    expect(daemon.dialogue.current().messages).toEqual([]);
    expect(daemon.people.port.knownUsers()).toEqual([]);
    await probe.echo(`${P}test/sentinel`);
    const published = probe.messages.map((m) => m.topic).filter((t) => !t.endsWith('test/sentinel') && !t.endsWith('agent/status'));
    expect(published.filter((t) => /control\/|state\/turn|face_recognition\/|perception\//.test(t))).toEqual([]);
    const logged = linesUnder(path.join(daemon.config.paths.data, 'logs', 'sessions'));
    // No visit yet, so nothing in the interaction log: the warm-up is not a turn and calls no model.
    expect(logged).toEqual([]);
  });

  it('leaves the warm-up out when dialogue.warmUp is off', async () => {
    const quiet: Record<string, unknown>[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _e, done) => (quiet.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
    const cold = await startDaemon({ config: testConfig({ dialogue: { warmUp: false } }), log: pino({ level: 'info' }, stream), mqtt: false });
    await cold.stop();
    expect(quiet.some((l) => l.msg === 'daemon ready')).toBe(true);
    expect(quiet.some((l) => l.msg === 'warmed up')).toBe(false);
  });
});
