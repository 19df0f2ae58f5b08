import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AffectFileSchema } from '../../src/affect/index.js';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import type { Config } from '../../src/config/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { REACTION_LINES } from '../../src/dialogue/offline/reaction-lines.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const sharedChroma = chromaCollections();

/** The daemon on its embedded broker, with a clock the test moves, and a client that talks to it. */
class Robot {
  private constructor(
    readonly daemon: Daemon,
    readonly probe: Probe,
    readonly clock: { t: number },
  ) {}

  static async start(config: Config, clock: { t: number }): Promise<Robot> {
    const daemon = await startDaemon({ config, log: silentLogger, mqtt: true, clock: { now: () => new Date(clock.t) } });
    const probe = await Probe.connect(daemon.broker!.url, `${P}#`);
    return new Robot(daemon, probe, clock);
  }

  /** Says something and returns the turn: its event and the gestures published for it. */
  async say(text: string): Promise<{ event: TurnEvent; animations: string[] }> {
    this.probe.clear();
    await this.probe.publish(`${P}agent/user_speech`, text);
    const event = TurnEventSchema.parse(JSON.parse((await this.probe.next(`${P}agent/state/turn`)).text));
    expect(event.user_text).toBe(text);
    // Gestures are published as soon as they are decided; wait for as many as the event lists.
    const published = () => this.probe.messages.filter((m) => m.topic === `${P}agent/control/animation`).map((m) => m.text);
    for (const deadline = Date.now() + 5_000; published().length < event.gestures.length && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    return { event, animations: published() };
  }

  async stop(): Promise<void> {
    await this.probe.close();
    await this.daemon.stop();
  }
}

let running: Robot | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

describe('affect over MQTT (daemon, embedded broker, no language model)', () => {
  it('a compliment and an insult produce visibly different emotions, replies and gestures', async () => {
    const clock = { t: Date.parse('2026-11-21T10:00:00Z') };
    running = await Robot.start(testConfig({ chroma: sharedChroma() }), clock);

    const praised = await running.say("You're so smart and lovely!");
    expect(praised.event.affect).toMatchObject({ emotion: 'joy', appraisal_source: 'lexicon', octant: 'exuberant' });
    expect(praised.event.affect!.appraised.map((e) => e.emotion)).toEqual(expect.arrayContaining(['joy', 'pride', 'admiration']));
    expect(praised.event.gestures).toEqual(['SMILE']);
    expect(praised.animations).toEqual(['SMILE']);
    expect(REACTION_LINES.en.compliment).toContain(praised.event.reply);

    clock.t += 30_000;
    const insulted = await running.say('You are a stupid useless robot.');
    expect(insulted.event.affect!.emotion).toBe('anger');
    expect(insulted.event.affect!.appraised.map((e) => e.emotion)).toEqual(['anger', 'reproach']);
    expect(insulted.event.gestures).toEqual([]);
    expect(insulted.animations).toEqual([]);
    expect(REACTION_LINES.en.insult).toContain(insulted.event.reply);

    // the anger is now the strongest feeling, and the mood has moved in between
    expect(insulted.event.affect!.intensity).toBeGreaterThan(0.5);
    expect(insulted.event.affect!.mood).not.toEqual(praised.event.affect!.mood);
  });

  it('repeated insults make it hostile, which it keeps across a restart, and it calms down while off', async () => {
    const clock = { t: Date.parse('2026-11-21T10:00:00Z') };
    const config = testConfig({ chroma: sharedChroma() });
    running = await Robot.start(config, clock);
    const cheerfulBye = (await running.say('Goodbye!')).event.reply;

    let last: TurnEvent | null = null;
    for (let i = 0; i < 8; i++) {
      clock.t += 30_000;
      last = (await running.say('You are so stupid and useless!')).event;
    }
    clock.t += 30_000;
    const after = (await running.say('Goodbye!')).event;
    expect(after.affect).toMatchObject({ octant: 'hostile' });
    expect(['moderately', 'fully']).toContain(after.affect!.mood_intensity);
    expect(after.reply).toBe('Goodbye.'); // curt, not the cheerful farewell of before
    expect(after.reply).not.toBe(cheerfulBye);
    expect(last!.affect!.emotion).toBe('anger');

    // The state is on disk, valid, and survives a restart a minute later.
    await running.stop();
    running = null;
    const file = path.join(config.paths.data, 'affect', 'state.json');
    const saved = AffectFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(saved.mood.pleasure).toBeLessThan(0);

    clock.t += 60_000;
    running = await Robot.start(config, clock);
    expect(running.daemon.health.get('affect')!.detail).toMatch(/restored/);
    const restored = (await running.say('Where is the meeting room?')).event;
    expect(restored.affect!.octant).toBe('hostile');
    expect(restored.affect!.mood.pleasure).toBeLessThan(0);
    await running.stop();

    // Off for half an hour (more than the 20-minute mood return): back to its cheerful self.
    clock.t += 30 * 60_000;
    running = await Robot.start(config, clock);
    const rested = (await running.say('Where is the meeting room?')).event;
    expect(rested.affect).toMatchObject({ octant: 'exuberant', mood_intensity: 'moderately', emotion: null });
  });

  it('leaves affect out entirely when the agent is disabled', async () => {
    const config = testConfig({ agents: { affect: false }, chroma: sharedChroma() });
    running = await Robot.start(config, { t: Date.parse('2026-11-21T10:00:00Z') });
    const { event, animations } = await running.say("You're so smart and lovely!");
    expect(event.affect).toBeUndefined();
    expect(event.timings_ms.appraisal).toBeUndefined();
    expect(animations).toEqual([]);
    expect(existsSync(path.join(config.paths.data, 'affect'))).toBe(false);
  });
});
