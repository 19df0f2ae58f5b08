import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TurnEventSchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama } from '../helpers/fake-ollama.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const sharedChroma = chromaCollections();
let daemon: Daemon | null = null;
let probe: Probe | null = null;
let fake: FakeOllama | null = null;
afterEach(async () => {
  await probe?.close();
  await daemon?.stop();
  await fake?.close();
  daemon = probe = fake = null;
});

const asks = (body: ChatBody, instructions: string) => Boolean(body.format) && (body.messages[0]?.content ?? '').startsWith(instructions);
const INTENT = 'You classify what a person just said';
const EXTRACTION = 'You extract facts a person states about THEMSELVES';

// The model is slow at one step of the turn; the second utterance arrives while it works there.
it.each([
  ['while the intent is asked of the model, before the profile step', INTENT],
  ['while the profile is being extracted', EXTRACTION],
])('keeps what the person said about themselves when the next utterance cuts the turn short %s', async (_when, slowStep) => {
  // Slow enough never to answer within the test: what the new turn waited for shows in the stream records.
  const slow = (step: string) => (step === slowStep && !fake!.chats.slice(0, -1).some((c) => asks(c, step)) ? 60_000 : 0);
  fake = await startFakeOllama({
    reply: (body) => {
      if (asks(body, INTENT)) return { text: '{"intent": "continue_conversation", "language": null}', firstTokenDelayMs: slow(INTENT) };
      if (asks(body, EXTRACTION)) return { text: '{"user_name": "Alexander", "current_company": "Siemens"}', firstTokenDelayMs: slow(EXTRACTION) };
      return body.format ? '{}' : 'The lift is right behind you.';
    },
  });
  // A threshold of 1 makes the intent agent always ask the model.
  const config = testConfig({ llm: { enabled: true, url: fake.url }, dialogue: { intentThreshold: slowStep === INTENT ? 1 : 0.6 }, chroma: sharedChroma() });
  daemon = await startDaemon({ config, log: silentLogger, mqtt: true });
  probe = await Probe.connect(daemon.broker!.url, `${P}#`);

  await probe.publish(`${P}agent/user_speech`, 'My name is Alexander and I work at Siemens.');
  await expect.poll(() => fake!.chats.some((c) => asks(c, slowStep)), { timeout: 10_000 }).toBe(true);
  await probe.publish(`${P}agent/user_speech`, 'Where is the lift?');

  const events = () => probe!.messages.filter((m) => m.topic === `${P}agent/state/turn`).map((m) => TurnEventSchema.parse(JSON.parse(m.text)));
  await expect.poll(() => events().length, { timeout: 20_000 }).toBe(2);
  // Answered while the slow request had still said nothing: the cut-off request did not hold the new turn up.
  expect(fake.streams.find((r) => asks(r.body, slowStep))!.writtenAt).toEqual([]);
  const [cut, next] = events();
  expect(cut!.speech).toMatchObject({ interrupted: true });
  expect(next!.reply).toBe('The lift is right behind you.');

  // The model never answered, so the phrase rules did it: the name and the company are saved all the same.
  await daemon.people.store.flush();
  const ids = JSON.parse(readFileSync(path.join(config.paths.data, 'user_ids.json'), 'utf8')) as Record<string, string>;
  const [id] = Object.entries(ids).find(([, name]) => name === 'Alexander') ?? [];
  expect(id).toBeDefined();
  const profile = JSON.parse(readFileSync(path.join(config.paths.data, 'memory/user_profiles', id!, 'user_info.json'), 'utf8'));
  expect(profile).toMatchObject({ user_name: 'Alexander', current_company: 'Siemens' });
  // The person is known from now on: the next turn was theirs.
  expect(next!.user_id).toBe(id);
});
