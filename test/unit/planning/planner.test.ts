import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../../src/config/index.js';
import { contextualizeAgent } from '../../../src/dialogue/agents/contextualize.js';
import { knowledgeAgent } from '../../../src/dialogue/agents/knowledge.js';
import { planAgent } from '../../../src/dialogue/agents/plan.js';
import { newSession, startTurn, type TurnState , step } from '../../../src/dialogue/index.js';
import { LexicalEmbedder } from '../../../src/embeddings/index.js';
import { Health } from '../../../src/health/index.js';
import type { KnowledgeBase } from '../../../src/knowledge/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { asksToLook, asksToSearch, cleanPlan, contextualizeByRules, mayLeanOnHistory } from '../../../src/planning/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama } from '../../helpers/fake-ollama.js';
import { knowledgeBase, RAG_FILES } from '../../helpers/knowledge.js';
import { turnPorts } from '../../helpers/ports.js';

let knowledge: KnowledgeBase;
beforeAll(async () => {
  knowledge = knowledgeBase({ dir: RAG_FILES, embedder: new LexicalEmbedder(), minSimilarity: 0.35, recheckMs: 3_600_000 });
  await knowledge.start();
  await knowledge.ready();
});
afterAll(() => knowledge.close());

let server: FakeOllama | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const SEARCH_ON: ConfigInput = { agents: { search: true }, search: { url: 'http://127.0.0.1:9/searxng' } };

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), intent: 'continue_conversation', ...patch });

function offline(config: ConfigInput = {}) {
  return turnPorts(testConfig(config), { knowledge });
}

async function online(reply: (body: ChatBody) => string, config: ConfigInput = {}) {
  server = await startFakeOllama({ reply });
  // The language model plans here (plan.useModel), unless a test says otherwise.
  const cfg = testConfig({ ...config, plan: { useModel: true, ...config.plan }, llm: { enabled: true, url: server.url } });
  const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return turnPorts(cfg, { llm, knowledge });
}

const plan = async (text: string, ports: ReturnType<typeof offline>, patch: Partial<TurnState> = {}) => step(planAgent, turn(text, { standalone_question: text, ...patch }), ports);
/** The knowledge the recall step finds for a turn: the ids of the sections, best first (null: not looked up). */
const lookUp = async (text: string, ports: ReturnType<typeof offline>, patch: Partial<TurnState> = {}) => {
  const found = (await step(knowledgeAgent, turn(text, { standalone_question: text, ...patch }), ports)).knowledge_retrieval;
  return found ? { query: found.query, hits: found.hits.map((h) => h.headings.join(' — ')) } : null;
};

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

  it.each(['I see what you mean.', 'See you later!', 'What is that supposed to mean?', 'Let me see, my name is Anna.', 'Ich sehe das anders.', 'On se voit demain ?', '这是什么意思？'])(
    'does not take "%s" for a request to look',
    (text) => expect(asksToLook(text)).toBe(false),
  );

  it('looks up knowledge on the device for a question, and finds the section about it (knowledge is never planned)', async () => {
    expect(await plan('What languages can you speak?', offline())).toEqual({ plan_steps: [], plan_source: 'rules' });
    expect(await lookUp('What languages can you speak?', offline())).toMatchObject({ query: 'What languages can you speak?', hits: expect.arrayContaining(['What I can do — Languages']) });
    expect((await lookUp('How do I make you forget me?', offline()))!.hits.length).toBeGreaterThan(0);
    expect(await lookUp('I like pizza.', offline())).toMatchObject({ hits: [] });
  });

  it('looks up the standalone question, and plans a look with the utterance itself', async () => {
    expect(await lookUp('And in German?', offline(), { standalone_question: 'Can you speak French? And in German?' })).toMatchObject({ query: 'Can you speak French? And in German?' });
    expect(await plan('What do you see?', offline(), { standalone_question: 'What do you see on my desk?' })).toMatchObject({ plan_steps: [{ tool: 'vision', query: 'What do you see?' }] });
  });

  it('never plans a tool that is off', async () => {
    expect((await plan('What do you see?', offline({ agents: { vision: false } }))).plan_steps!.map((s) => s.tool)).not.toContain('vision');
    expect(await lookUp('What languages can you speak?', turnPorts(testConfig({ agents: { knowledge: false } }), { knowledge: null }))).toBeNull();
    // Search: only with agents.search on and a SearXNG url.
    expect((await plan('Search the web for the weather in Paris', offline())).plan_steps).toEqual([]);
    expect((await plan('Search the web for the weather in Paris', offline({ agents: { search: true } }))).plan_steps).toEqual([]);
    expect((await plan('Search the web for the weather in Paris', offline(SEARCH_ON))).plan_steps).toEqual([{ tool: 'search', query: 'Search the web for the weather in Paris' }]);
    expect(asksToSearch('Wie wird das Wetter morgen?')).toBe(true);
    expect(asksToSearch('Quelles sont les actualités ?')).toBe(true);
    expect(asksToSearch('What languages can you speak?')).toBe(false);
  });

  it('looks up knowledge for what is asked, not for a greeting, a person telling their name, or a request to look', async () => {
    // The knowledge files have sections on greeting the robot and on telling it your name.
    expect(await lookUp('Hello!', offline(), { intent: 'first_greeting' })).toBeNull();
    expect(await lookUp('My name is Alice, call me Alice.', offline(), { intent: 'update_user_info' })).toBeNull();
    expect((await lookUp('Hello! What languages can you speak?', offline(), { intent: 'first_greeting' }))!.hits.length).toBeGreaterThan(0);
    expect(await lookUp('What do you see?', offline(), { plan_steps: [{ tool: 'vision', query: 'What do you see?' }] })).toBeNull();
    expect(await lookUp('What languages can you speak? Bye!', offline(), { intent: 'end_conversation' })).toBeNull();
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

describe('plan clean-up', () => {
  it('maps tool names, keeps one step per tool, fills empty queries, and stops at maxSteps', () => {
    // One step of each name, every tool enabled: the name maps to its tool, or the step is dropped.
    const toolOf = (name: string) => cleanPlan([{ tool: name }], { enabled: ['vision', 'search'], question: 'Q?', maxSteps: 5 }).map((s) => s.tool);
    expect(toolOf('Vision_agent')).toEqual(['vision']);
    expect(toolOf('Knowledge_RAG_agent')).toEqual([]);
    expect(toolOf('web-search')).toEqual(['search']);
    expect(toolOf('response_agent')).toEqual([]);
    const steps = [{ tool: 'search', query: ' news ' }, { tool: 'search' }, { tool: 'rag' }, { tool: 'camera', query: null }];
    expect(cleanPlan(steps, { enabled: ['vision', 'search'], question: 'Q?', maxSteps: 2 })).toEqual([
      { tool: 'search', query: 'news' },
      { tool: 'vision', query: 'Q?' },
    ]);
  });
});

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
    for (const t of ['How much does it cost?', 'And tomorrow at noon, when the others are here?', 'Warum?', 'Really?', 'Where does she work?', 'Et ça ?', '它多少钱？', 'What is the weather there?']) {
      expect(mayLeanOnHistory(t), t).toBe(true);
    }
    for (const t of ['Where is the cafeteria?', 'Is there a lift?', 'Who works here?', 'Wie spät ist es in Tokio?', 'Quelle est la capitale de la France ?', '请问洗手间在哪里？']) {
      expect(mayLeanOnHistory(t), t).toBe(false);
    }
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

  it('recognises follow-ups in the robot’s languages', () => {
    // A follow-up is joined to the person's previous message; anything else stands alone.
    const before = [{ role: 'user' as const, content: 'Before.' }];
    for (const t of ['And in German?', 'What about that one?', 'Und das?', 'Was ist mit dort?', 'Et ça ?', '¿Y eso?', '还有呢？', '它多少钱？']) expect(contextualizeByRules(before, t), t).toBe(`Before. ${t}`);
    for (const t of ['Where is the cafeteria?', 'Wie spät ist es?', 'Bonjour !', 'My name is Anna and I work at the bank downstairs in the big building.']) expect(contextualizeByRules(before, t), t).toBe(t);
    expect(contextualizeByRules([], 'And German?')).toBe('And German?');
  });
});
