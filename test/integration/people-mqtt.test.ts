import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ForgetReportSchema, TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const sharedChroma = chromaCollections();
let running: { daemon: Daemon; probe: Probe } | null = null;
afterEach(async () => {
  await running?.probe.close();
  await running?.daemon.stop();
  running = null;
});

interface Seed {
  ids?: Record<string, string>;
  profiles?: Record<string, Record<string, unknown>>;
}

/** A daemon on its embedded broker, with user_ids.json and profiles as perception left them. */
async function start(seed: Seed = {}) {
  const config = testConfig({ chroma: sharedChroma() });
  const data = config.paths.data;
  writeFileSync(path.join(data, 'user_ids.json'), JSON.stringify(seed.ids ?? {}));
  for (const [id, name] of Object.entries(seed.ids ?? {})) {
    const dir = path.join(data, 'memory', 'user_profiles', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'user_info.json'), JSON.stringify({ user_id: id, user_name: name, ...seed.profiles?.[id] }));
  }
  const daemon = await startDaemon({ config, log: silentLogger, mqtt: true });
  const probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  running = { daemon, probe };
  let turns = 0;

  /** Says something and waits for its turn to end: the turn event, and what was spoken. */
  async function say(text: string): Promise<{ event: TurnEvent; spoken: string }> {
    const n = ++turns;
    await probe.publish(`${P}agent/user_speech`, text);
    const events = () => probe.messages.filter((m) => m.topic === `${P}agent/state/turn`);
    await probe.next(`${P}agent/state/turn`, () => events().length >= n);
    const event = TurnEventSchema.parse(JSON.parse(events()[n - 1]!.text));
    return { event, spoken: event.reply };
  }
  const settled = () => probe.messages.filter((m) => m.topic === `${P}face_recognition/user_info`).map((m) => JSON.parse(m.text));
  /**
   * face_recognition/user_info messages seen so far, once `count` have arrived and every one the
   * daemon queued has reached the broker and, behind a sentinel, the probe (publishing is
   * asynchronous to the turn event).
   */
  const settledAfter = async (count: number) => {
    await expect.poll(() => settled().length).toBeGreaterThanOrEqual(count);
    await daemon.bus!.delivered();
    await probe.echo(`${P}test/sentinel`);
    return settled();
  };
  // Profiles are written behind the conversation: wait for the queued writes, then read the files.
  const ids = async () => {
    await daemon.people.store.flush();
    return JSON.parse(readFileSync(path.join(data, 'user_ids.json'), 'utf8')) as Record<string, string>;
  };
  const profile = async (id: string) => {
    await daemon.people.store.flush();
    return JSON.parse(readFileSync(path.join(data, 'memory/user_profiles', id, 'user_info.json'), 'utf8'));
  };
  const detect = (user_id: string | null, user_name: string, confidence = 95) =>
    probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_id, user_name, confidence }));
  return { daemon, probe, data, say, settled, settledAfter, ids, profile, detect };
}

const KNOWN = { ids: { alice_01: 'Alice', john_02: 'John' }, profiles: { alice_01: { location: 'Bern', hobbies: ['chess'] } } };

describe('name resolution and confirmation over MQTT', () => {
  it('an equal name links to the existing user at once', async () => {
    const t = await start(KNOWN);
    const { event, spoken } = await t.say('My name is Alice');
    expect(event).toMatchObject({ user_id: 'alice_01', user_name: 'Alice', name_confirmation: { status: 'matched' } });
    expect(spoken).toMatch(/Alice/);
    expect(await t.settledAfter(1)).toEqual([{ user_id: 'alice_01', user_name: 'Alice' }]);
    expect(t.daemon.dialogue.current().user_info).toMatchObject({ location: 'Bern', hobbies: ['chess'] }); // profile loaded
  });

  it('a close name asks, publishes nothing while ambiguous, and adopts the user on "yes"', async () => {
    const t = await start(KNOWN);
    const asked = await t.say('My name is Alicia');
    expect(asked.spoken).toBe('Is your name Alice?');
    expect(asked.event).toMatchObject({ user_id: null, name_confirmation: { status: 'asking', candidate: { user_id: 'alice_01' } } });
    expect(t.settled()).toEqual([]);

    const yes = await t.say('Yes');
    expect(yes.event).toMatchObject({ intent: { name: 'update_user_info', source: 'forced' }, user_id: 'alice_01', name_confirmation: { status: 'confirmed' } });
    expect(await t.settledAfter(1)).toEqual([{ user_id: 'alice_01', user_name: 'Alice' }]);
    expect(await t.ids()).toEqual(KNOWN.ids);
  });

  it('a close name answered with a clearly different name makes a new profile under it', async () => {
    const t = await start(KNOWN);
    expect((await t.say("Hi, I'm Alicia")).spoken).toBe('Is your name Alice?');
    const { event } = await t.say("No, I'm Alicia Smith");
    expect(event).toMatchObject({ user_name: 'Alicia Smith', name_confirmation: { status: 'new_user' } });
    const id = event.user_id!;
    expect(id).toMatch(/^alicia-smith-[0-9a-f]{6}$/);
    expect(await t.settledAfter(1)).toEqual([{ user_id: id, user_name: 'Alicia Smith' }]);
    expect(await t.ids()).toEqual({ ...KNOWN.ids, [id]: 'Alicia Smith' });
    expect(await t.profile('alice_01')).toEqual({ user_id: 'alice_01', user_name: 'Alice', location: 'Bern', hobbies: ['chess'] }); // untouched
  });

  it('a plain "no" with two candidates asks about the next; a second "no" takes the given name', async () => {
    const t = await start({ ids: { alice_01: 'Alice', alina_02: 'Alina' } });
    expect((await t.say('My name is Alicea')).spoken).toBe('Is your name Alice?');
    const second = await t.say('No');
    expect(second.spoken).toBe('Is your name Alina?');
    expect(second.event.name_confirmation).toMatchObject({ status: 'asking', candidate: { user_id: 'alina_02' } });
    expect(t.settled()).toEqual([]);
    const last = await t.say('no');
    expect(last.event).toMatchObject({ user_name: 'Alicea', name_confirmation: { status: 'new_user' } });
    expect(await t.settledAfter(1)).toEqual([{ user_id: last.event.user_id, user_name: 'Alicea' }]);
    expect(Object.values(await t.ids()).sort()).toEqual(['Alice', 'Alicea', 'Alina']);
  });

  it('a plain "no" with one candidate takes the given name as a new user', async () => {
    const t = await start(KNOWN);
    expect((await t.say("I'm Jon")).spoken).toBe('Is your name John?');
    const { event } = await t.say('Nope');
    expect(event).toMatchObject({ user_name: 'Jon', name_confirmation: { status: 'new_user' } });
    expect(await t.settledAfter(1)).toEqual([{ user_id: event.user_id, user_name: 'Jon' }]);
    expect((await t.ids())[event.user_id!]).toBe('Jon');
  });

  it('a far name is a new user, saved with the facts told before it', async () => {
    const t = await start(KNOWN);
    await t.say('I work at Initech as an analyst');
    expect(t.settled()).toEqual([]);
    const { event } = await t.say('My name is Bartholomew');
    expect(event).toMatchObject({ user_name: 'Bartholomew', name_confirmation: { status: 'new_user' } });
    expect(await t.profile(event.user_id!)).toMatchObject({ current_company: 'Initech', current_position: 'analyst', last_updated: expect.any(String) });
    expect(await t.settledAfter(1)).toEqual([{ user_id: event.user_id, user_name: 'Bartholomew' }]);
  });
});

describe('perception and people over MQTT', () => {
  const seed = { ids: { alice_01: 'Alice', bob_02: 'Bob' } };

  it('two people alternating in front of the robot each keep only their own facts and history', async () => {
    const t = await start(seed);
    const turn = async (who: 'alice_01' | 'bob_02', text: string) => {
      await t.detect(who, seed.ids[who]);
      const { event } = await t.say(text);
      expect(event.user_id, text).toBe(who);
    };
    await turn('alice_01', 'I work at Acme');
    await turn('bob_02', 'I live in Paris');
    await turn('alice_01', 'My hobbies are chess and golf');
    await turn('bob_02', 'I like jazz');
    // a doubtful face does not take the conversation away from Bob
    await t.detect('alice_01', 'Alice', 30);
    await turn('bob_02', 'I love sailing');

    expect(await t.profile('alice_01')).toMatchObject({ current_company: 'Acme', location: null, hobbies: ['chess', 'golf'], interests: [] });
    expect(await t.profile('bob_02')).toMatchObject({ current_company: null, location: 'Paris', interests: ['jazz'], hobbies: ['sailing'] });

    const history = () => t.daemon.dialogue.current().messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(history()).toEqual(['I live in Paris', 'I like jazz', 'I love sailing']);
    await t.detect('alice_01', 'Alice');
    await t.say('Hello again');
    expect(history()).toEqual(['I work at Acme', 'My hobbies are chess and golf', 'Hello again']);
    expect(t.settled()).toEqual([]); // both were recognised by face: no name to settle
  });

  it('a stranger who tells their name keeps their conversation; face_stored keeps user_ids.json in step', async () => {
    const t = await start(seed);
    await t.detect(null, 'unknown');
    await t.say('I live in Oslo');
    const { event } = await t.say('My name is Carla');
    const carla = event.user_id!;
    await t.detect(null, 'unknown'); // perception has not stored the face yet: still Carla
    const next = await t.say('I like skiing');
    expect(next.event.user_id).toBe(carla);
    expect(await t.profile(carla)).toMatchObject({ location: 'Oslo', interests: [], hobbies: ['skiing'] });

    await t.probe.publish(`${P}graph/face_stored`, JSON.stringify({ user_id: carla, user_name: 'Carla', status: 'face_stored_new_user' }));
    await t.probe.publish(`${P}graph/face_stored`, JSON.stringify({ user_id: 'dave_9', user_name: 'Dave', status: 'face_stored_new_user' }));
    await expect.poll(() => t.ids()).toEqual({ ...seed.ids, [carla]: 'Carla', dave_9: 'Dave' });

    // someone else, then a new unknown face: a fresh conversation
    await t.detect('bob_02', 'Bob');
    await t.detect(null, 'unknown');
    const fresh = await t.say('Hello!');
    expect(fresh.event.user_id).toBeNull();
    expect(t.daemon.dialogue.current().messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('forget-me over the admin topic deletes everything about the person, verified by searching', async () => {
    const t = await start(seed);
    await t.detect('alice_01', 'Alice');
    await t.say('I work at Acme');
    await t.detect('bob_02', 'Bob');
    await t.say('I live in Paris');

    await t.probe.publish(`${P}agent/admin/forget_user`, JSON.stringify({ user_id: 'alice_01' }));
    const report = ForgetReportSchema.parse(JSON.parse((await t.probe.next(`${P}agent/state/user_forgotten`)).text));
    expect(report).toMatchObject({ user_id: 'alice_01', ok: true, remaining: [], failed: [] });
    expect(report.removed).toEqual(expect.arrayContaining([expect.stringMatching(/^profiles: profile folder/), 'conversations: conversation']));

    // The report itself waits on disk until the broker has acknowledged it (a durable message).
    await t.daemon.bus!.delivered();
    // Every file the daemon writes itself. (ChromaDB's storage is the file's server's, elsewhere:
    // Alice's visit was remembered when Bob stepped in, and SQLite keeps deleted rows in free pages
    // until it reuses them; the forget report's own search found nothing of her there.)
    const chroma = path.join(t.data, 'chroma');
    const everything = walk(t.data)
      .filter((f) => !f.startsWith(chroma))
      .map((f) => `${f}\n${readFileSync(f, 'utf8')}`)
      .join('\n');
    expect(everything).not.toMatch(/alice_01|Alice|Acme/);
    expect(everything).toMatch(/bob_02/); // Bob is still known
    expect(t.daemon.dialogue.mentions('alice_01')).toEqual([]);

    const before = t.daemon.health.counter('invalid_payloads.forget_user');
    await t.probe.publish(`${P}agent/admin/forget_user`, JSON.stringify({ user_id: '../../etc' }));
    await expect.poll(() => t.daemon.health.counter('invalid_payloads.forget_user')).toBe(before + 1);
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

describe('utterances and perception switching at once', () => {
  it('each utterance counts for whoever was in front of the robot when it was said', async () => {
    const t = await start({ ids: { alice_01: 'Alice', bob_02: 'Bob' } });
    const turns = () => t.probe.messages.filter((m) => m.topic === `${P}agent/state/turn`);
    // Perception reports the next person right after each utterance, before its turn has run.
    // (Each turn is awaited before the next utterance: with speech.bargeIn on, an utterance that
    // arrives while a turn runs cancels it.)
    await t.detect('alice_01', 'Alice');
    await t.probe.publish(`${P}agent/user_speech`, 'I work at Acme');
    await t.detect('bob_02', 'Bob');
    await expect.poll(() => turns().length).toBe(1);
    await t.probe.publish(`${P}agent/user_speech`, 'I live in Paris');
    await t.detect(null, 'unknown');
    await expect.poll(() => turns().length).toBe(2);
    await t.probe.publish(`${P}agent/user_speech`, 'My name is Carla');
    await expect.poll(() => turns().length).toBe(3);

    const events = turns().map((m) => TurnEventSchema.parse(JSON.parse(m.text)));
    expect(events.map((e) => e.user_id)).toEqual(['alice_01', 'bob_02', expect.stringMatching(/^carla-/)]);
    expect(await t.profile('alice_01')).toMatchObject({ current_company: 'Acme', location: null });
    expect(await t.profile('bob_02')).toMatchObject({ current_company: null, location: 'Paris' });
  });
});
