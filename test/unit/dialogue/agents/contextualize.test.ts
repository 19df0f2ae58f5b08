import { describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../../../src/config/index.js';
import { contextualizeAgent } from '../../../../src/dialogue/agents/contextualize.js';
import { newSession, startTurn, type TurnState, step } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { ChatBody, FakeOllama } from '../../../helpers/fake-ollama.js';
import { turnPorts } from '../../../helpers/ports.js';
import { fakeOllamaForTest } from '../../../helpers/per-test.js';

let server: FakeOllama | null = null;

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), intent: 'continue_conversation', ...patch });

async function online(reply: (body: ChatBody) => string, config: ConfigInput = {}) {
  server = await fakeOllamaForTest({ reply });
  // The language model rewrites here (plan.useModel), unless a test says otherwise.
  const cfg = testConfig({ ...config, plan: { useModel: true, ...config.plan }, llm: { enabled: true, url: server.url } });
  const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return turnPorts(cfg, { llm });
}

describe('the contextualizer', () => {
  const history = [
    { role: 'user' as const, content: 'Can you speak French?' },
    { role: 'assistant' as const, content: 'Yes, I can speak French.' },
  ];
  const withHistory = (text: string) => turn(text, { messages: [...history, { role: 'user', content: text }] });

  it('leaves a first message as it is, without asking the model', async () => {
    const ports = await online(() => '{"question": "something else"}');
    expect(await step(contextualizeAgent, turn('What can you do?'), ports)).toEqual({ standalone_question: 'What can you do?' });
    expect(server!.chats).toHaveLength(0);
  });

  it('has the model rewrite a follow-up from the history (small profile)', async () => {
    const ports = await online(() => '```json\n{"question": "Can you speak German?"}\n```');
    expect(await step(contextualizeAgent, withHistory('And German?'), ports)).toEqual({ standalone_question: 'Can you speak German?' });
    const chat = server!.chats[0]!;
    expect(chat.model).toBe('qwen2.5:3b');
    expect(chat.messages.at(-1)!.content).toBe('Conversation:\nPerson: Can you speak French?\nRobot: Yes, I can speak French.\n\nLast message: "And German?"');
  });

  it('asks the model only about a message that may lean on the history', async () => {
    const ports = await online(() => '{"question": "How much does the French course cost?"}');
    // Nothing in it points back: it stands as it is, and the reply does not wait for a model call.
    expect(await step(contextualizeAgent, withHistory('Where is the cafeteria on the ground floor?'), ports)).toEqual({ standalone_question: 'Where is the cafeteria on the ground floor?' });
    expect(server!.chats).toHaveLength(0);
    expect(await step(contextualizeAgent, withHistory('How much does it cost, roughly, for a whole year of lessons?'), ports)).toEqual({ standalone_question: 'How much does the French course cost?' });
    expect(await step(contextualizeAgent, withHistory('Why?'), ports)).toEqual({ standalone_question: 'How much does the French course cost?' });
    expect(server!.chats).toHaveLength(2);
  });

  it('falls back to the rules when the model fails: a short follow-up joins the previous question', async () => {
    const ports = await online(() => 'no json here');
    expect(await step(contextualizeAgent, withHistory('And German?'), ports)).toEqual({ standalone_question: 'Can you speak French? And German?' });
    expect(await step(contextualizeAgent, withHistory('Where is the cafeteria?'), ports)).toEqual({ standalone_question: 'Where is the cafeteria?' });
  });

  it('uses the rules, without asking the model, when plan.useModel is off', async () => {
    const ports = await online(() => '{"question": "Can you speak German?"}', { plan: { useModel: false } });
    expect(await step(contextualizeAgent, withHistory('And German?'), ports)).toEqual({ standalone_question: 'Can you speak French? And German?' });
    expect(server!.chats).toHaveLength(0);
  });
});
