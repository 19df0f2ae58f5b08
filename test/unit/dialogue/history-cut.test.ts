import { afterEach, describe, expect, it } from 'vitest';
import { buildDialogueGraph, createDialogue } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama } from '../../helpers/fake-ollama.js';
import { intentModel } from '../../helpers/per-test.js';
import { daemonPorts } from '../../helpers/ports.js';

const classifier = await intentModel();

let server: FakeOllama | null = null;
let llm: OllamaLanguageModel | null = null;
afterEach(async () => {
  await llm?.stop();
  await server?.close();
  llm = server = null;
});

const REPLIES = ['Hello, I am Nadine.', 'The meeting room is on the second floor.', 'It is next to the lift.', 'You are welcome.'];

// A cut history changes where the next prompt leaves the model server's cache: all of the kept
// history would be computed again before the next first word, unless it is computed ahead.
describe('the history cut', () => {
  it("has the next reply's new prompt start computed as soon as the turn that cut it ends", async () => {
    let replies = 0;
    server = await startFakeOllama({ reply: (body) => (body.format ? '{}' : body.options?.num_predict === 1 ? 'Hi' : (REPLIES[replies++ % REPLIES.length] ?? '')) });
    const config = testConfig({ llm: { enabled: true, url: server.url, warm: false }, dialogue: { historyTurns: 2 } });
    const health = new Health();
    llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
    await llm.start();
    const dialogue = createDialogue({ ports: daemonPorts(config, { llm, intent: classifier }), graph: buildDialogueGraph(config), log: silentLogger, health });
    const isReply = (c: ChatBody) => !c.format && c.options?.num_predict !== 1;
    const prefills = () => server!.chats.filter((c) => c.options?.num_predict === 1);
    await llm.whenWarm();
    const atStart = prefills().length;

    await dialogue.turns.submit({ text: 'Hello!' });
    await dialogue.turns.submit({ text: 'Where is the meeting room?' });
    await llm.whenWarm();
    // Two turns fit in the history: nothing was cut, nothing computed ahead.
    expect(prefills()).toHaveLength(atStart);

    await dialogue.turns.submit({ text: 'Is it far from here?' });
    await llm.whenWarm();
    const ahead = prefills().slice(atStart);
    expect(ahead).toHaveLength(1);
    await dialogue.turns.submit({ text: 'Thank you!' });
    const next = server.chats.filter(isReply).at(-1)!;
    // The next reply's prompt begins exactly with what was computed: system message, kept history, the reply as said.
    expect(next.messages.slice(0, ahead[0]!.messages.length)).toEqual(ahead[0]!.messages);
    expect(ahead[0]!.messages.at(-1)).toEqual({ role: 'assistant', content: REPLIES[2] });
    expect(ahead[0]!.messages.length).toBeLessThan(next.messages.length);
  });
});
