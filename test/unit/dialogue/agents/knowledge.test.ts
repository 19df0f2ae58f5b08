import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeAgent } from '../../../../src/dialogue/agents/knowledge.js';
import { newSession, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { LexicalEmbedder } from '../../../../src/embeddings/index.js';
import type { KnowledgeBase } from '../../../../src/knowledge/index.js';
import { testConfig } from '../../../helpers/config.js';
import { knowledgeBase, RAG_FILES } from '../../../helpers/knowledge.js';
import { turnPorts } from '../../../helpers/ports.js';

let knowledge: KnowledgeBase;
beforeAll(async () => {
  knowledge = knowledgeBase({ dir: RAG_FILES, embedder: new LexicalEmbedder(), minSimilarity: 0.35, recheckMs: 3_600_000 });
  await knowledge.start();
  await knowledge.ready();
});
afterAll(() => knowledge.close());

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), intent: 'continue_conversation', ...patch });
const offline = () => turnPorts(testConfig({}), { knowledge });

/** The knowledge the recall step finds for a turn: the ids of the sections, best first (null: not looked up). */
const lookUp = async (text: string, ports: ReturnType<typeof offline>, patch: Partial<TurnState> = {}) => {
  const found = (await step(knowledgeAgent, turn(text, { standalone_question: text, ...patch }), ports)).knowledge_retrieval;
  return found ? { query: found.query, hits: found.hits.map((h) => h.headings.join(' — ')) } : null;
};

describe('the knowledge agent (knowledge is searched on the device, never planned)', () => {
  it('looks up knowledge on the device for a question, and finds the section about it', async () => {
    expect(await lookUp('What languages can you speak?', offline())).toMatchObject({ query: 'What languages can you speak?', hits: expect.arrayContaining(['What I can do — Languages']) });
    expect((await lookUp('How do I make you forget me?', offline()))!.hits.length).toBeGreaterThan(0);
    expect(await lookUp('I like pizza.', offline())).toMatchObject({ hits: [] });
  });

  it('looks up only the sentences that ask, when some do not: "Never mind." is no question about the robot\'s mind', async () => {
    expect(await lookUp('Never mind. What languages can you speak?', offline())).toMatchObject({ query: 'What languages can you speak?' });
    expect(await lookUp('Je suis nouvelle ici. Où est la cuisine ?', offline(), { language: 'fr' })).toMatchObject({ query: 'Où est la cuisine ?' });
    expect(await lookUp('What languages can you speak? And which one do you like?', offline())).toMatchObject({ query: 'What languages can you speak? And which one do you like?' });
  });

  it('looks nothing up for an acknowledgement, whose words may still be in a section ("好的" and "最好")', async () => {
    for (const [text, language] of [['好的', 'zh'], ['OK.', 'en'], ['Alles klar.', 'de'], ["D'accord.", 'fr'], ['Vale.', 'es']] as const) {
      expect(await lookUp(text, offline(), { language }), text).toBeNull();
    }
    // A reaction that asks is still looked up when it is a real question.
    expect(await lookUp('好的，你会说哪些语言？', offline(), { language: 'zh' })).not.toBeNull();
  });

  it('looks up the standalone question', async () => {
    expect(await lookUp('And in German?', offline(), { standalone_question: 'Can you speak French? And in German?' })).toMatchObject({ query: 'Can you speak French? And in German?' });
  });

  it('looks nothing up when knowledge is off', async () => {
    expect(await lookUp('What languages can you speak?', turnPorts(testConfig({ agents: { knowledge: false } }), { knowledge: null }))).toBeNull();
  });

  it('looks up knowledge for what is asked, not for a greeting, a person telling their name, or a request to look', async () => {
    // The knowledge files have sections on greeting the robot and on telling it your name.
    expect(await lookUp('Hello!', offline(), { intent: 'first_greeting' })).toBeNull();
    expect(await lookUp('My name is Alice, call me Alice.', offline(), { intent: 'update_user_info' })).toBeNull();
    expect((await lookUp('Hello! What languages can you speak?', offline(), { intent: 'first_greeting' }))!.hits.length).toBeGreaterThan(0);
    expect(await lookUp('What do you see?', offline(), { plan_steps: [{ tool: 'vision', query: 'What do you see?' }] })).toBeNull();
    expect(await lookUp('What languages can you speak? Bye!', offline(), { intent: 'end_conversation' })).toBeNull();
  });
});
