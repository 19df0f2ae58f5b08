import { describe, expect, it } from 'vitest';
import { asksToLook, asksToSearch, cleanPlan, contextualizeByRules, mayLeanOnHistory } from '../../../src/planning/index.js';

// The plan and knowledge agents are tested through step() in test/unit/dialogue/agents/; here the rules they use.
describe('what asks the robot to look or to search', () => {
  it.each(['I see what you mean.', 'See you later!', 'What is that supposed to mean?', 'Let me see, my name is Anna.', 'Ich sehe das anders.', 'On se voit demain ?', '这是什么意思？'])(
    'does not take "%s" for a request to look',
    (text) => expect(asksToLook(text)).toBe(false),
  );

  it('hears a request for the web in every language, and not a question the robot answers itself', () => {
    expect(asksToSearch('Wie wird das Wetter morgen?')).toBe(true);
    expect(asksToSearch('Quelles sont les actualités ?')).toBe(true);
    expect(asksToSearch('What languages can you speak?')).toBe(false);
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
    expect(toolOf('constructor')).toEqual([]);
    const steps = [{ tool: 'search', query: ' news ' }, { tool: 'search' }, { tool: 'rag' }, { tool: 'camera', query: null }];
    expect(cleanPlan(steps, { enabled: ['vision', 'search'], question: 'Q?', maxSteps: 2 })).toEqual([
      { tool: 'search', query: 'news' },
      { tool: 'vision', query: 'Q?' },
    ]);
  });
});

describe('follow-ups', () => {
  it('recognises follow-ups in the robot’s languages', () => {
    // A follow-up is joined to the person's previous message; anything else stands alone.
    const before = [{ role: 'user' as const, content: 'Before.' }];
    for (const t of ['And in German?', 'What about that one?', 'Und das?', 'Was ist mit dort?', 'Et ça ?', '¿Y eso?', '还有呢？', '它多少钱？']) expect(contextualizeByRules(before, t), t).toBe(`Before. ${t}`);
    for (const t of ['Where is the cafeteria?', 'Wie spät ist es?', 'Bonjour !', 'My name is Anna and I work at the bank downstairs in the big building.']) expect(contextualizeByRules(before, t), t).toBe(t);
    expect(contextualizeByRules([], 'And German?')).toBe('And German?');
  });

  it("says which messages may lean on the history (only those go to the model)", () => {
    for (const t of ['How much does it cost?', 'And tomorrow at noon, when the others are here?', 'Warum?', 'Really?', 'Where does she work?', 'Et ça ?', '它多少钱？', 'What is the weather there?']) {
      expect(mayLeanOnHistory(t), t).toBe(true);
    }
    for (const t of ['Where is the cafeteria?', 'Is there a lift?', 'Who works here?', 'Wie spät ist es in Tokio?', 'Quelle est la capitale de la France ?', '请问洗手间在哪里？']) {
      expect(mayLeanOnHistory(t), t).toBe(false);
    }
  });
});
