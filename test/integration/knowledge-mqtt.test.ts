import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { tempDir, testConfig } from '../helpers/config.js';
import { chromaCollections, waitFor } from '../helpers/chroma.js';
import { copyRagFiles } from '../helpers/knowledge.js';
import { Probe } from '../helpers/mqtt.js';

const P = 'nadine/';
const sharedChroma = chromaCollections();

async function ask(probe: Probe, text: string): Promise<{ event: TurnEvent; said: string }> {
  probe.clear();
  await probe.publish(`${P}agent/user_speech`, text);
  const event = TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`, (m) => JSON.parse(m.text).user_text === text, 20_000)).text));
  // The reply is spoken over agent/control/speak; the turn event carries it whole.
  await probe.next(`${P}agent/control/speak`);
  return { event, said: event.reply };
}

describe('knowledge over MQTT, without a language model (real ChromaDB, lexical embedder)', () => {
  let daemon: Daemon;
  let probe: Probe;
  const rag = copyRagFiles();

  beforeAll(async () => {
    daemon = await startDaemon({
      config: testConfig({ paths: { rag, data: tempDir() }, embeddings: { backend: 'lexical' }, knowledge: { recheckMs: 0 }, speech: { waitForEndSpeak: false }, chroma: sharedChroma() }),
      log: silentLogger,
      mqtt: true,
    });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
    await daemon.knowledge!.ready();
    await waitFor(() => daemon.knowledge!.synced, 60_000, 'the knowledge collection in step with the index');
  });
  afterAll(async () => {
    await probe.close();
    await daemon.stop();
  });

  it('answers a question about the robot from its knowledge files, found in ChromaDB', async () => {
    const { event, said } = await ask(probe, 'What languages can you speak?');
    // Knowledge is looked up on the device in the recall step, not planned.
    expect(event.plan).toEqual({ steps: [], source: 'rules' });
    expect(event.knowledge).toMatchObject({ source: 'chroma', query: 'What languages can you speak?' });
    expect(event.knowledge!.hits[0]).toMatchObject({ file: 'what-i-can-do.md', heading: 'What I can do — Languages' });
    expect(said).toMatch(/^I can speak English, German, French, Chinese and Spanish\./);
    expect(daemon.health.get('knowledge')?.status).toBe('ok');
  });

  it('answers from the edited file after an edit, re-embedding only that file', async () => {
    const file = path.join(rag, 'what-i-can-do.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('I can speak English, German, French, Chinese and Spanish.', 'I can speak English, German, French, Chinese, Spanish and a little Italian.'));
    const { event, said } = await ask(probe, 'What languages can you speak?');
    expect(said).toMatch(/^I can speak English, German, French, Chinese, Spanish and a little Italian\./);
    expect(event.knowledge!.hits[0]!.file).toBe('what-i-can-do.md');
    expect(daemon.knowledge!.lastUpdate).toMatchObject({ changed: ['what-i-can-do.md'], embeddedFiles: ['what-i-can-do.md'], embedded: 1, rebuilt: false });
  });

  it('stops citing a removed file', async () => {
    const before = await ask(probe, 'How do I make you forget me?');
    expect(before.event.knowledge!.hits[0]!.file).toBe('privacy.md');
    expect(before.said).toMatch(/^Ask the people who look after me to make me forget you\./);
    rmSync(path.join(rag, 'privacy.md'));
    const after = await ask(probe, 'How do I make you forget me?');
    expect(after.event.knowledge?.hits.map((h) => h.file) ?? []).not.toContain('privacy.md');
    expect(after.said).not.toMatch(/Ask the people who look after me/);
    expect(daemon.knowledge!.lastUpdate).toMatchObject({ removed: ['privacy.md'], embedded: 0 });
  });
});
