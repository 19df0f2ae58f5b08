import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionEventSchema, startEmbeddedBroker, TurnEventSchema, type EmbeddedBroker, type SessionEvent, type TurnEvent } from '../../src/bus/index.js';
import type { ConfigInput } from '../../src/config/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections, waitFor } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { spawnDaemon } from '../helpers/daemon-process.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const PEOPLE = { greta_01: 'Greta', hugo_02: 'Hugo' } as const;
const sharedChroma = chromaCollections();

function seed(data: string): void {
  writeFileSync(path.join(data, 'user_ids.json'), JSON.stringify(PEOPLE));
  for (const [id, name] of Object.entries(PEOPLE)) {
    mkdirSync(path.join(data, 'memory', 'user_profiles', id), { recursive: true });
    writeFileSync(path.join(data, 'memory', 'user_profiles', id, 'user_info.json'), JSON.stringify({ user_id: id, user_name: name }));
  }
}

/** What the robot publishes, read as a monitor and a body would (the body answers start/end_speak). */
function watch(probe: Probe) {
  const turns = () => probe.messages.filter((m) => m.topic === `${P}agent/state/turn`).map((m) => TurnEventSchema.parse(JSON.parse(m.text)));
  const sessions = () => probe.messages.filter((m) => m.topic === `${P}agent/state/session`).map((m) => SessionEventSchema.parse(JSON.parse(m.text)));
  const spoken = () => probe.messages.filter((m) => m.topic === `${P}agent/control/speak`).map((m) => m.text);
  // The turn of this utterance: a greeting the robot begins may end while it is said.
  const say = async (text: string): Promise<TurnEvent> => {
    const before = turns().length;
    const mine = () => turns().slice(before).find((e) => e.user_text === text);
    await probe.publish(`${P}agent/user_speech`, text);
    await expect.poll(mine, { timeout: 20_000 }).toBeTruthy();
    return mine()!;
  };
  const detect = (user_id: keyof typeof PEOPLE | null) => probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_id, user_name: user_id ? PEOPLE[user_id] : 'unknown', confidence: 95 }));
  // Perception reports whoever is in view again and again, more often than the tests' 1.5 s absence
  // time: reported once, a visitor was taken for gone whenever a turn took longer (under load).
  const inView = (user_id: keyof typeof PEOPLE | null) => {
    void detect(user_id);
    const timer = setInterval(() => void detect(user_id), 300);
    return () => clearInterval(timer);
  };
  const session = (match: Partial<SessionEvent>) => expect.poll(() => sessions().find((s) => Object.entries(match).every(([k, v]) => s[k as keyof SessionEvent] === v)), { timeout: 20_000 }).toBeTruthy();
  return { turns, sessions, spoken, say, detect, inView, session };
}

async function daemonOnBroker(overrides: ConfigInput = {}) {
  const config = testConfig({
    chroma: sharedChroma(),
    embeddings: { backend: 'lexical' },
    engagement: { enabled: true },
    speech: { bargeIn: false },
    ...overrides,
  });
  seed(config.paths.data);
  const daemon = await startDaemon({ config, log: silentLogger, mqtt: true });
  const probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  // The body: every sentence is spoken at once.
  probe.client.on('message', (topic) => {
    if (topic !== `${P}agent/control/speak`) return;
    // After the test the probe may be closed while a sentence is still on its way.
    probe.publish(`${P}agent/feedback/start_speak`, '').catch(() => undefined);
    probe.publish(`${P}agent/feedback/end_speak`, '').catch(() => undefined);
  });
  await waitFor(() => daemon.vectors.store.status().reachable, 10_000, 'ChromaDB reachable');
  return { config, daemon, probe, ...watch(probe) };
}

describe('visits over MQTT', () => {
  it('greets a known face by name with a wave, once per cool-down, and never in the middle of a conversation', async () => {
    const t = await daemonOnBroker();
    try {
      await t.detect('greta_01');
      await expect.poll(() => t.spoken().join(' '), { timeout: 20_000 }).toMatch(/Greta/);
      await expect.poll(() => t.probe.messages.some((m) => m.topic === `${P}agent/control/animation` && m.text === 'WAVE_HAND')).toBe(true);
      await t.session({ event: 'start', reason: 'detected', user_id: 'greta_01' });
      // The turn's event follows its sentence and wave: it ends once they are handed over.
      await expect.poll(() => t.turns()).toHaveLength(1);

      // Hugo walks up: greeted too (had he spoken first, there would be nothing to begin). He is
      // talking when Greta walks up again (within the cool-down anyway): no greeting interrupts
      // him. The turn after his is his own.
      await t.detect('hugo_02');
      await expect.poll(() => t.turns().some((e) => e.user_text === '' && e.user_id === 'hugo_02'), { timeout: 20_000 }).toBe(true);
      await t.say('Where is the cafeteria?');
      await t.detect('greta_01');
      await t.detect('hugo_02');
      const sentinel = await t.say('Thanks, and the lift?');
      expect(sentinel.user_text).toBe('Thanks, and the lift?');
      expect(t.turns().filter((e) => e.user_text === '').map((e) => e.user_id)).toEqual(['greta_01', 'hugo_02']);
      expect(t.turns().filter((e) => e.user_text === '' && e.user_id === 'greta_01')).toHaveLength(1);
    } finally {
      await t.probe.close();
      await t.daemon.stop();
    }
  });

  it('remembers a visitor who told their name and walked away without goodbye, and recalls them when they come back', async () => {
    const t = await daemonOnBroker({ people: { detection: { absenceMs: 1_500 } }, engagement: { enabled: false } });
    try {
      const walksAway = t.inView(null);
      let ingrid: string;
      try {
        await t.say('Hello!');
        const named = await t.say('My name is Ingrid and I am here for the robotics fair.');
        ingrid = named.user_id!;
        expect(named.name_confirmation).toMatchObject({ status: 'new_user' });
        await t.say('I am building a robot that waters plants.');
      } finally {
        walksAway();
      }
      // She walks away: perception stops reporting her.
      await t.session({ event: 'end', reason: 'left', user_id: ingrid });
      const ended = t.sessions().find((s) => s.event === 'end')!;
      expect(ended).toMatchObject({ user_name: 'Ingrid', turns: 3 });
      expect(await t.daemon.memory!.flush(20_000)).toBe(true);
      expect(await t.daemon.vectors.store.flush(20_000)).toBe(true);

      // She comes back (perception has stored her face under the id the robot gave her).
      await t.probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_id: ingrid, user_name: 'Ingrid', confidence: 95 }));
      const back = await t.say('Do you remember what I am building?');
      expect(back.user_id).toBe(ingrid);
      expect(back.memories!.length).toBeGreaterThan(0);
    } finally {
      await t.probe.close();
      await t.daemon.stop();
    }
  });

  it('keeps in a known visitor’s profile what they say in passing, every four turns and when they leave: a newer value supersedes the old, with when it changed', async () => {
    const t = await daemonOnBroker({ people: { detection: { absenceMs: 1_500 } }, engagement: { enabled: false } });
    const file = path.join(t.config.paths.data, 'memory', 'user_profiles', 'greta_01', 'user_info.json');
    writeFileSync(file, JSON.stringify({ user_id: 'greta_01', user_name: 'Greta', location: 'Berlin', current_company: 'Acme' }));
    const profile = () => JSON.parse(readFileSync(file, 'utf8'));
    try {
      const walksAway = t.inView('greta_01');
      try {
        const turns = [];
        for (const text of ['What can you do?', "Where's the exhibition hall? Sorry, I live in Oslo now and don't know this building.", 'Tell me a joke.', 'Thanks, that was funny!']) turns.push(await t.say(text));
        // Said in passing: no turn was about her, so only the consolidation on her 4th turn kept it.
        expect(turns.map((turn) => turn.intent.name)).not.toContain('update_user_info');
        expect(turns.map((turn) => turn.spans?.some((s) => s.agent === 'profile_consolidation'))).toEqual([false, false, false, true]);
        await expect.poll(() => profile().location, { timeout: 20_000 }).toBe('Oslo');
        expect(profile()).toMatchObject({ current_company: 'Acme', fact_changes: [{ field: 'location', from: 'Berlin', to: 'Oslo', changed_at: expect.any(String) }] });

        await t.say('By the way, I work at Initech these days. Do you like music?');
      } finally {
        walksAway();
      }
      // She walks away without goodbye: the turn since the last consolidation is kept at the session's end.
      await t.session({ event: 'end', reason: 'left', user_id: 'greta_01' });
      await expect.poll(() => profile().current_company, { timeout: 20_000 }).toBe('Initech');
      expect(profile().fact_changes.map((c: { field: string; to: string }) => `${c.field}:${c.to}`)).toEqual(['location:Oslo', 'current_company:Initech']);
    } finally {
      await t.probe.close();
      await t.daemon.stop();
    }
  });

  it('keeps the person’s history across kill -TERM and a restart, and publishes the end of the visit at shutdown', { timeout: 120_000 }, async () => {
    const broker: EmbeddedBroker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    const probe = await Probe.connect(broker.url, `${P}#`);
    const t = watch(probe);
    const config = testConfig();
    seed(config.paths.data);
    // Both daemons on the run's ChromaDB server, in the same collections (as they would share the
    // data folder's own server): starting one for each daemon cost every start its CPU.
    const chroma = sharedChroma();
    const run = () =>
      spawnDaemon({
        NADINE_MQTT__URL: broker.url,
        NADINE_PATHS__DATA: config.paths.data,
        NADINE_LLM__ENABLED: 'false',
        NADINE_LLM__EMBEDDED__ENABLED: 'false',
        NADINE_AGENTS__MEMORY: 'false',
        NADINE_ENGAGEMENT__ENABLED: 'false',
        NADINE_HTTP__ENABLED: 'false',
        NADINE_LOG__LEVEL: 'silent',
        NADINE_CHROMA__URL: chroma.url,
        NADINE_CHROMA__COLLECTION_PREFIX: chroma.collectionPrefix,
      });
    // Online, or gone: a start slowed by a loaded machine is waited for (the test's timeout bounds it).
    const online = (after: number) =>
      Promise.race([
        probe.next(`${P}agent/status`, (m) => JSON.parse(m.text).status === 'online' && probe.messages.indexOf(m) >= after, 120_000),
        daemon.exited.then((code) => Promise.reject(new Error(`the daemon exited (${code}) before it was online`))),
      ]);
    let daemon = run();
    try {
      await online(0);
      await t.detect('greta_01');
      await t.say('My favourite colour is green.');
      daemon.child.kill('SIGTERM');
      expect(await daemon.exited).toBe(0);
      await t.session({ event: 'end', reason: 'shutdown', user_id: 'greta_01' });
      // Whatever the first daemon published has arrived (its last word is "offline"): an "online"
      // from now on is the second one's.
      await probe.next(`${P}agent/status`, (m) => JSON.parse(m.text).status === 'offline');
      const before = probe.messages.length;

      daemon = run();
      await online(before);
      await t.detect('greta_01');
      await t.say('What did I tell you?');
      // The history the restarted daemon read back goes on in its file (written in the next pause).
      const history = () => {
        try {
          return JSON.parse(readFileSync(path.join(config.paths.data, 'conversations', 'greta_01.json'), 'utf8')).messages.map((m: { content: string }) => m.content);
        } catch {
          return [];
        }
      };
      await expect.poll(history, { timeout: 20_000 }).toEqual(expect.arrayContaining(['My favourite colour is green.', 'What did I tell you?']));
      expect(history()[0]).toBe('My favourite colour is green.');
      daemon.child.kill('SIGTERM');
      await daemon.exited;
    } finally {
      // A failed step leaves the daemon running: it must not outlive the test.
      daemon.child.kill('SIGKILL');
      await probe.close();
      await broker.close();
    }
  });
});
