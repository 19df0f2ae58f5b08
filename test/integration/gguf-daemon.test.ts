import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnEventSchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import type { LlmCallRecord } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { REPO, testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';

const FILE = [path.resolve(REPO, '../shared'), '/work/shared'].map((dir) => path.join(dir, 'models/gguf/stories260K.gguf')).find((f) => existsSync(f)) ?? path.resolve(REPO, '../shared/models/gguf/stories260K.gguf');
const present = existsSync(FILE);
if (!present) console.log(`in-process daemon test skipped: ${FILE} is not there (the tiny stories260K model lives in ../shared)`);

describe.skipIf(!present)('the daemon with its language model in process (GGUF)', () => {
  const P = 'nadine/';
  let daemon: Daemon;
  let probe: Probe;
  const calls: LlmCallRecord[] = [];

  beforeAll(async () => {
    const gguf = { backend: 'gguf' as const, path: FILE, threads: 1, num_ctx: 2048 };
    const config = testConfig({ llm: { enabled: true, profiles: { small: gguf, big: gguf, response: { ...gguf, temperature: 0.8 }, vision: gguf } } });
    daemon = await startDaemon({ config, log: silentLogger, mqtt: true, observe: (r) => calls.push(r) });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  }, 60_000);
  afterAll(async () => {
    await probe?.close();
    await daemon?.stop();
  });

  it('speaks a reply generated in process, and barge-in cuts it short', async () => {
    expect(daemon.llm.available('response')).toBe(true);
    await probe.publish(`${P}agent/user_speech`, 'Tell me a story about a little cat.');
    const first = await probe.next(`${P}agent/control/speak`, undefined, 60_000);
    expect(first.text.length).toBeGreaterThan(0);
    // The next sentence waits for end_speak that never comes: the person speaks again instead.
    await probe.publish(`${P}agent/user_speech`, 'Stop, please.');
    const stop = JSON.parse((await probe.next(`${P}agent/control/stop_speaking`, undefined, 30_000)).text);
    expect(stop).toMatchObject({ reason: 'barge_in' });
    const cut = TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`, (m) => JSON.parse(m.text).user_text.includes('cat'), 60_000)).text));
    expect(cut.speech).toMatchObject({ interrupted: true });

    const reply = calls.find((c) => c.agent === 'response' && c.messages.some((m) => m.content.includes('little cat')));
    expect(reply).toMatchObject({ backend: 'gguf', model: 'stories260K' });
    expect(reply!.output.length).toBeGreaterThan(0);
    // The story was still being written when the person spoke: generation stopped there.
    expect(reply!.error).toMatchObject({ kind: 'aborted' });
    await probe.next(`${P}agent/state/turn`, (m) => JSON.parse(m.text).user_text === 'Stop, please.', 60_000);
   }, 180_000); // its own waits run to a minute each on a loaded machine
});
