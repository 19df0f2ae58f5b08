import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/bus/index.js';
import { silentLogger } from '../../src/log/index.js';
import { ID_MAP_FILE, parseIdMap, PROFILE_FILE, ProfileSchema } from '../../src/people/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { tempDir } from '../helpers/config.js';
import { spawnDaemon, SPAWNED_ONLINE_MS } from '../helpers/daemon-process.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const sharedChroma = chromaCollections();
const ROUNDS = 5;

let broker: EmbeddedBroker;
let probe: Probe;
beforeAll(async () => {
  broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
  probe = await Probe.connect(broker.url, `${P}#`);
});
afterAll(async () => {
  await probe.close();
  await broker.close();
});

/** The real daemon as its own process, on this test's broker and data folder. */
function daemonOn(data: string, chroma: { url: string; collectionPrefix: string }): ChildProcess {
  return spawnDaemon({
    NADINE_MQTT__URL: broker.url,
    NADINE_PATHS__DATA: data,
    NADINE_LLM__ENABLED: 'false',
    NADINE_LOG__LEVEL: 'silent',
    // Every utterance is answered in turn (a barge-in would cancel turns before they save anything).
    NADINE_SPEECH__BARGE_IN: 'false',
    NADINE_DIALOGUE__MAX_QUEUED_UTTERANCES: '1000',
    // The run's ChromaDB server, the same collections each round (as the data folder's own server
    // would keep them): a server started by each round's daemon cost each round its CPU.
    NADINE_CHROMA__URL: chroma.url,
    NADINE_CHROMA__COLLECTION_PREFIX: chroma.collectionPrefix,
  }).child;
}

function files(dir: string): string[] {
  // Dirents, not stat: the running daemon renames temp files while this lists.
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** A new name per round and utterance, spelt as names are (letters only: a name with digits is no name). */
const newcomer = (round: number, i: number) => `Per${[round, ...String(i).split('').map(Number)].map((d) => String.fromCharCode(97 + d)).join('')}`;

const profileCount = (data: string) => (existsSync(data) ? files(data).filter((f) => path.basename(f) === PROFILE_FILE).length : 0);

/** Every profile and the id map parse and validate; a profile is its folder's person. */
function checkFiles(data: string): number {
  const all = files(data);
  const map = all.find((f) => f === path.join(data, ID_MAP_FILE));
  if (map) expect(parseIdMap(readFileSync(map, 'utf8')).ok, map).toBe(true);
  const profiles = all.filter((f) => path.basename(f) === PROFILE_FILE);
  for (const file of profiles) {
    const profile = ProfileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(profile.user_id).toBe(path.basename(path.dirname(file)));
  }
  // Nothing was ever judged corrupt and set aside: the files were never torn.
  expect(all.filter((f) => f.includes('.corrupt-'))).toEqual([]);
  return profiles.length;
}

describe('kill -9 while the daemon writes profiles', () => {
  it(`leaves every file parseable, ${ROUNDS} times in a row`, { timeout: 600_000 }, async () => {
    const data = tempDir();
    const chroma = sharedChroma();
    let random = 42;
    const next = () => ((random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let written = 0;

    for (let round = 0; round < ROUNDS; round++) {
      probe.clear();
      const child = daemonOn(data, chroma);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const sent: Promise<void>[] = [];
      try {
        await probe.next(`${P}agent/status`, (m) => JSON.parse(m.text).status === 'online', SPAWNED_ONLINE_MS);
        // Two known people and newcomers, telling facts while the daemon answers, each utterance
        // once the last is answered (a flood that never let up kept the daemon's writes waiting
        // for a pause). The kill comes a random moment after this round's first new profile has
        // reached the disk, whatever the conversation is doing then: writes are under way.
        const before = profileCount(data);
        const deadline = Date.now() + 60_000;
        let killing: NodeJS.Timeout | null = null;
        let gone = false;
        void exited.then(() => (gone = true));
        for (let i = 0; !gone && Date.now() < deadline; i++) {
          const who = i % 3 === 0 ? null : i % 3 === 1 ? ['alice_01', 'Alice'] : ['bob_02', 'Bob'];
          sent.push(probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_id: who?.[0] ?? null, user_name: who?.[1] ?? 'unknown', confidence: 90 })));
          const text = who
            ? `My hobbies are h${round}x${i} and g${round}x${i}`
            : `My name is ${newcomer(round, i)} and I work at Co${i}`;
          const answered = probe.next(`${P}agent/state/turn`, (m) => JSON.parse(m.text).user_text === text).catch(() => undefined);
          sent.push(probe.publish(`${P}agent/user_speech`, text));
          if (i % 4 === 0) sent.push(probe.publish(`${P}graph/face_stored`, JSON.stringify({ user_id: `perc_${round}_${i}`, user_name: `P${i}`, status: 'face_stored' })));
          await Promise.race([answered, exited]);
          if (!killing && profileCount(data) > before) killing = setTimeout(() => child.kill('SIGKILL'), next() * 150);
        }
        if (killing) await exited;
      } finally {
        // Also when the round fails (a daemon never online, no profile in time): it must not outlive the test.
        child.kill('SIGKILL');
      }
      await Promise.allSettled(sent);
      await exited;
      written = checkFiles(data);
    }
    expect(written).toBeGreaterThanOrEqual(ROUNDS); // profiles really were being written when killed
    const ids = parseIdMap(readFileSync(path.join(data, ID_MAP_FILE), 'utf8'));
    expect(ids.ok && Object.keys(ids.raw).length).toBeGreaterThan(ROUNDS);
  });
});
