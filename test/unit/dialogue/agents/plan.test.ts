import { describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../../../src/config/index.js';
import { planAgent } from '../../../../src/dialogue/agents/plan.js';
import { newSession, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { asksToLook } from '../../../../src/planning/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { ChatBody, FakeOllama } from '../../../helpers/fake-ollama.js';
import { turnPorts } from '../../../helpers/ports.js';
import { fakeOllamaForTest } from '../../../helpers/per-test.js';

let server: FakeOllama | null = null;

const SEARCH_ON: ConfigInput = { agents: { search: true }, search: { url: 'http://127.0.0.1:9/searxng' } };

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), intent: 'continue_conversation', ...patch });

// The plan agent reads no knowledge: knowledge is searched on the device in the recall step (see knowledge.test.ts).
function offline(config: ConfigInput = {}) {
  return turnPorts(testConfig(config), { knowledge: null });
}

async function online(reply: (body: ChatBody) => string, config: ConfigInput = {}) {
  server = await fakeOllamaForTest({ reply });
  // The language model plans here (plan.useModel), unless a test says otherwise.
  const cfg = testConfig({ ...config, plan: { useModel: true, ...config.plan }, llm: { enabled: true, url: server.url } });
  const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return turnPorts(cfg, { llm, knowledge: null });
}

const plan = async (text: string, ports: ReturnType<typeof offline>, patch: Partial<TurnState> = {}) => step(planAgent, turn(text, { standalone_question: text, ...patch }), ports);

describe('the rule-based planner (no language model)', () => {
  it.each([
    'What do you see?',
    'What am I holding?',
    'Can you see me?',
    'How do I look today?',
    'What is this?',
    'Was siehst du?',
    'Wie sehe ich aus?',
    'Was halte ich in der Hand?',
    "Qu'est-ce que tu vois ?",
    'Qu’est-ce que je tiens ?',
    '¿Qué ves?',
    '¿Qué tengo en la mano?',
    '你看到什么？',
    '我手里拿着什么？',
  ])('plans a look for "%s"', async (text) => {
    expect(asksToLook(text)).toBe(true);
    expect(await plan(text, offline())).toEqual({ plan_steps: [{ tool: 'vision', query: text }], plan_source: 'rules' });
  });

  it('plans nothing for a knowledge question: knowledge is never planned', async () => {
    expect(await plan('What languages can you speak?', offline())).toEqual({ plan_steps: [], plan_source: 'rules' });
  });

  it('plans a look with the utterance itself, not the standalone question', async () => {
    expect(await plan('What do you see?', offline(), { standalone_question: 'What do you see on my desk?' })).toMatchObject({ plan_steps: [{ tool: 'vision', query: 'What do you see?' }] });
  });

  it('never plans a tool that is off', async () => {
    expect((await plan('What do you see?', offline({ agents: { vision: false } }))).plan_steps!.map((s) => s.tool)).not.toContain('vision');
    // Search: only with agents.search on and a SearXNG url.
    expect((await plan('Search the web for the weather in Paris', offline())).plan_steps).toEqual([]);
    expect((await plan('Search the web for the weather in Paris', offline({ agents: { search: true } }))).plan_steps).toEqual([]);
    expect((await plan('Search the web for the weather in Paris', offline(SEARCH_ON))).plan_steps).toEqual([{ tool: 'search', query: 'Search the web for the weather in Paris' }]);
  });

  it('plans nothing on a farewell or a language switch', async () => {
    expect(await plan('What do you see? Bye!', offline(), { intent: 'end_conversation' })).toEqual({ plan_steps: [], plan_source: null });
    expect(await plan('Can you speak German?', offline(), { intent: 'language_change' })).toEqual({ plan_steps: [], plan_source: null });
  });
});

describe('the planner with a language model', () => {
  it('plans with the "big" profile, offering only the tools that are on', async () => {
    const ports = await online(() => '{"steps": [{"tool": "vision", "query": "What is the person holding?"}]}');
    expect(await plan('Look, what is this thing in my hand?', ports)).toEqual({ plan_steps: [{ tool: 'vision', query: 'What is the person holding?' }], plan_source: 'llm' });
    const chat = server!.chats[0]!;
    expect(chat.model).toBe('qwen2.5:7b');
    expect(chat.messages[0]!.content).not.toMatch(/- knowledge/);
    expect(chat.messages[0]!.content).toMatch(/- vision: /);
    expect(chat.messages[0]!.content).not.toMatch(/- search: /);
    expect(chat.messages.at(-1)!.content).toContain('Look, what is this thing in my hand?');
  });

  it('reads the plans small models write: fences, single quotes, trailing commas, agent names, bare lists', async () => {
    const cases: [string, unknown][] = [
      ["Sure! Here is the plan:\n```json\n{'steps': [{'tool': 'vision_agent', 'query': 'what is on the desk',},],}\n```", [{ tool: 'vision', query: 'what is on the desk' }]],
      ['["camera_agent"]', [{ tool: 'vision', query: 'What can you do?' }]],
      ['{"plan": [{"agent": "Vision", "message": "the desk"}, {"agent": "response_agent"}]}', [{ tool: 'vision', query: 'the desk' }]],
      // Knowledge is searched on the device, never planned: a model that still names it is ignored.
      ['{"steps": [{"tool": "knowledge", "query": "a"}, {"tool": "vision", "query": "b"}, {"tool": "vision", "query": ""}]}', [{ tool: 'vision', query: 'b' }]],
      ['{"steps": []}', []],
    ];
    let i = 0;
    const ports = await online(() => cases[i++]![0]);
    for (const [, expected] of cases) expect((await plan('What can you do?', ports)).plan_steps).toEqual(expected);
  });

  it('drops tools that are off even when the model plans them', async () => {
    const ports = await online(() => '{"steps": [{"tool": "search", "query": "news"}, {"tool": "vision", "query": "look"}]}', { ...SEARCH_ON, agents: { search: true, vision: false } });
    expect(await plan('Any news?', ports)).toEqual({ plan_steps: [{ tool: 'search', query: 'news' }], plan_source: 'llm' });
  });

  it('falls back to the rules when the answer is not a plan, or the model fails', async () => {
    const ports = await online(() => 'I think the robot should have a look at the camera.');
    expect(await plan('What do you see?', ports)).toEqual({ plan_steps: [{ tool: 'vision', query: 'What do you see?' }], plan_source: 'rules' });
    server!.setReply(() => '{"steps": "vision"}');
    expect((await plan('What do you see?', ports)).plan_source).toBe('rules');
    expect(ports.modelMs.plan).toBeGreaterThan(0);
  });

  it('plans by rules, without asking the model, when plan.useModel is off', async () => {
    const ports = await online(() => '{"steps": []}', { plan: { useModel: false } });
    expect(await plan('What do you see?', ports)).toEqual({ plan_steps: [{ tool: 'vision', query: 'What do you see?' }], plan_source: 'rules' });
    expect(server!.chats).toHaveLength(0);
  });
});
