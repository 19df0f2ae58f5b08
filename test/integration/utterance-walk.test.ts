import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { REPO, testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';

const SRC = path.join(REPO, 'src') + path.sep;

/** The modules of src/ on the stack where this is called, from the first caller to the callee. */
function walk(): string[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const files = [...stack.matchAll(/\(?(?:file:\/\/)?([^\s()]+\.ts):\d+:\d+\)?/g)].map((m) => m[1]!).filter((f) => f.startsWith(SRC));
  return files.map((f) => path.relative(REPO, f)).reverse();
}

/** Consecutive frames of one module are one visit; a module visited twice is entered twice. */
function reentered(modules: string[]): string[] {
  const visits = modules.filter((m, i) => m !== modules[i - 1]);
  return visits.filter((m, i) => visits.indexOf(m) !== i);
}

describe('the walk of one utterance from the bus to control/speak', () => {
  let daemon: Daemon;
  let probe: Probe;
  const P = 'nadine/';

  beforeAll(async () => {
    daemon = await startDaemon({ config: testConfig(), log: silentLogger, mqtt: true });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  });
  afterAll(async () => {
    await probe.close();
    await daemon.stop();
  });

  it('enters each module once, in and out, one way', async () => {
    const { turns } = daemon.dialogue;
    const bus = daemon.bus!;
    // The walk is seen twice: where the turn runner is handed the utterance (the bus side), and
    // where the sentence is published (the turn's side, its awaits included).
    let inbound: string[] = [];
    let outbound: string[] = [];
    const submit = turns.submit.bind(turns);
    turns.submit = (utterance) => ((inbound = walk()), submit(utterance));
    const publish = bus.publish.bind(bus);
    bus.publish = ((key, payload) => {
      if (key === 'speak' && outbound.length === 0) outbound = walk();
      return publish(key, payload);
    }) as typeof bus.publish;

    await probe.publish(`${P}agent/user_speech`, 'Hello there!');
    await probe.next(`${P}agent/control/speak`);

    expect(inbound).toEqual(expect.arrayContaining(['src/bus/inbound-router.ts', 'src/wiring.ts']));
    expect(outbound).toEqual(expect.arrayContaining(['src/dialogue/turns.ts', 'src/dialogue/engine.ts', 'src/speech/voice.ts', 'src/speech/delivery.ts', 'src/outlets.ts']));
    expect(reentered(inbound)).toEqual([]);
    expect(reentered(outbound)).toEqual([]);
    // The bus side ends where the turn runner is handed the utterance; the turn's side begins in
    // it: no module is on both.
    expect(inbound.filter((m) => outbound.includes(m))).toEqual([]);
    expect(outbound[0]).toBe('src/dialogue/turns.ts');
  });

  it('a barge-in walks one way too: from the bus through the turn runner and the voice to control/stop_speaking', async () => {
    const bus = daemon.bus!;
    let stop: string[] = [];
    const publish = bus.publish.bind(bus);
    bus.publish = ((key, payload) => {
      if (key === 'stop_speaking' && stop.length === 0) stop = walk();
      return publish(key, payload);
    }) as typeof bus.publish;
    probe.clear();
    // A reply of several sentences: the rest waits for end_speak, which never comes here.
    await probe.publish(`${P}agent/user_speech`, 'Hello there!');
    await probe.next(`${P}agent/control/speak`);
    await probe.next(`${P}agent/state/turn`);
    await probe.publish(`${P}agent/user_speech`, 'Where is the lift?');
    await probe.next(`${P}agent/control/stop_speaking`);
    expect(stop).toEqual(expect.arrayContaining(['src/bus/inbound-router.ts', 'src/wiring.ts', 'src/dialogue/turns.ts', 'src/speech/voice.ts', 'src/speech/delivery.ts', 'src/speech/out.ts', 'src/outlets.ts']));
    expect(reentered(stop)).toEqual([]);
  });

  it('would see a module entered twice (the check above can fail)', () => {
    expect(reentered(['src/a.ts', 'src/b.ts', 'src/b.ts', 'src/a.ts'])).toEqual(['src/a.ts']);
  });
});
