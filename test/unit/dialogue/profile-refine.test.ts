import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildDialogueGraph, createDialogue } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { OnnxIntentClassifier } from '../../../src/intent/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { MODELS_DIR, testConfig } from '../../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama } from '../../helpers/fake-ollama.js';
import { daemonPorts, testProfileStore } from '../../helpers/ports.js';

let classifier: OnnxIntentClassifier;
beforeAll(async () => {
  classifier = await OnnxIntentClassifier.load(path.join(MODELS_DIR, 'intent'));
});
let server: FakeOllama | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const isExtraction = (body: ChatBody) => JSON.stringify(body.format ?? {}).includes('user_name');

/** A dialogue whose model server reads the person as `extraction` says and replies "Noted." */
async function dialogue(extraction: Record<string, unknown>) {
  const fields = { user_name: null, current_company: null, current_position: null, location: null, hobbies: [], interests: [], answer: null };
  server = await startFakeOllama({ reply: (body) => (isExtraction(body) ? JSON.stringify({ ...fields, ...extraction }) : body.format ? '{}' : 'Noted.') });
  const config = testConfig({ llm: { enabled: true, url: server.url }, agents: { affect: false } });
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
  await llm.start();
  const people = testProfileStore(config);
  const d = createDialogue({ ports: daemonPorts(config, { llm, intent: classifier, people }), graph: buildDialogueGraph(config), log: silentLogger, health: new Health() });
  return { ...d, people, server };
}

describe('the language model reads what the person told about themselves after the reply', () => {
  it('asks it only once the reply is written, and adds the facts the rules missed (the rules’ values win)', async () => {
    const { turns, people, server } = await dialogue({ user_name: 'Quinn', location: 'Amsterdam', interests: ['typography'] });
    const result = await turns.submit({ text: 'My name is Quinn and I live in Utrecht, I am mad about typography.' });
    const agents = server.chats.map((c) => (isExtraction(c) ? 'extraction' : c.format ? 'json' : 'reply'));
    expect(agents.indexOf('reply')).toBeGreaterThanOrEqual(0);
    expect(agents.indexOf('extraction')).toBeGreaterThan(agents.indexOf('reply'));
    expect(result?.event.reply).toBe('Noted.');
    const user = result!.state.user_info;
    expect(user).toMatchObject({ user_name: 'Quinn', location: 'Utrecht', interests: ['typography'] });
    await people.flush();
    expect(people.load(user.user_id!)).toMatchObject({ user_name: 'Quinn', location: 'Utrecht', interests: ['typography'] });
  });

  it('never renames on its own: a name it reads differently is asked in the next reply, and the answer settles it', async () => {
    const { turns, people, server } = await dialogue({ user_name: 'Quincy' });
    const met = await turns.submit({ text: 'My name is Quinn, Quincy for my friends.' });
    const id = met!.state.user_info.user_id!;
    expect(met?.state).toMatchObject({ user_info: { user_name: 'Quinn' }, name_doubt: { name: 'Quincy', asked: false } });
    await people.flush();
    expect(people.load(id)?.user_name).toBe('Quinn');

    const asking = await turns.submit({ text: 'Where is the meeting room?' });
    const prompt = server.chats.filter((c) => !c.format).at(-1)!.messages.at(-1)!.content;
    expect(prompt).toMatch(/it may be Quincy rather than Quinn\. .*whether Quincy is right/);
    expect(asking?.state.user_info.user_name).toBe('Quinn');
    expect(asking?.state.name_doubt).toEqual({ name: 'Quincy', asked: true });

    const answered = await turns.submit({ text: 'Yes, it is Quincy.' });
    expect(answered?.run.path).toContain('memory_update');
    expect(answered?.state).toMatchObject({ user_info: { user_id: id, user_name: 'Quincy' }, name_doubt: null, name_resolution: { status: 'corrected' } });
  });

  it('leaves the name as it was when the person says no', async () => {
    const { turns } = await dialogue({ user_name: 'Quincy' });
    await turns.submit({ text: 'My name is Quinn, Quincy for my friends.' });
    await turns.submit({ text: 'Where is the meeting room?' });
    const answered = await turns.submit({ text: 'No.' });
    expect(answered?.state).toMatchObject({ user_info: { user_name: 'Quinn' }, name_doubt: null });
  });
});
