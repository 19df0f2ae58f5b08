import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appraiseLexicon, reactionTo } from '../../../src/affect/index.js';
import { LANGUAGES, type Language } from '../../../src/config/index.js';
import { offlineReply, type TurnState } from '../../../src/dialogue/index.js';
import { REACTION_LINES } from '../../../src/dialogue/offline/reaction-lines.js';
import { AppraisalSetSchema, loadSet } from '../../../src/eval/index.js';
import { REPO } from '../../helpers/config.js';

const reaction = (text: string) => reactionTo(appraiseLexicon({ text }).emotions);

const APOLOGIES: Record<Language, string> = {
  en: "Sorry, that was rude of me. You've been very kind.",
  de: 'Entschuldigung, das war nicht so gemeint.',
  fr: "Pardon, c'était impoli de ma part.",
  es: 'Lo siento, no quería gritarte.',
  zh: '对不起，刚才是我太没礼貌了。',
};

describe('apologies are appraised as apologies', () => {
  it('in every language, even with a compliment in the same breath', () => {
    for (const language of LANGUAGES) expect(reaction(APOLOGIES[language]), language).toBe('apology');
  });

  it('takes back the insult it names', () => {
    expect(reaction("I'm sorry I called you an idiot.")).toBe('apology');
    expect(reaction('Tut mir leid, du Idiot war gemein.')).toBe('apology');
  });

  it('is no apology when sad news come with the "sorry", nor when it only softens a question, nor when negated', () => {
    expect(reaction("I'm sorry, my father died last week.")).toBe('sympathy');
    expect(reaction('Sorry, where is the exit?')).toBeNull();
    expect(reaction('Entschuldigung, wo ist der Ausgang?')).toBeNull();
    expect(reaction('不好意思，请问出口在哪里？')).toBeNull();
    expect(reaction("I'm not sorry.")).toBeNull();
  });
});

const state = (text: string, language: Language, patch: Partial<TurnState> = {}) => ({
  // The intent model misreads apologies as news about the person; the reply still accepts them.
  intent: 'update_user_info' as const,
  language,
  requested_language: null,
  user_info: { user_id: 'bob_02', user_name: 'Bob' },
  user_text: text,
  appraisal: { source: 'lexicon' as const, emotions: appraiseLexicon({ text }).emotions },
  affect: null,
  ...patch,
});

describe('the offline reply to an apology', () => {
  it('accepts it, in every language, instead of thanking for news or offering sympathy', () => {
    for (const language of LANGUAGES) {
      const said = offlineReply(state(APOLOGIES[language], language), { robotName: 'Nadine', pick: () => 0 });
      expect(said, language).toBe(REACTION_LINES[language].apology[0]);
    }
    const en = offlineReply(state(APOLOGIES.en, 'en'), { robotName: 'Nadine', pick: () => 0 });
    expect(en).toMatch(/No harm done/);
    expect(en).not.toMatch(/sorry to hear|great to know|Thank/i);
  });

  it('is not answered from the knowledge files either', () => {
    const hit = { id: 'c', file: 'what-i-can-do.md', headings: ['Greeting'], text: 'I greet you when you arrive.', similarity: 0.5, language: 'en' };
    const knowledge = { knowledge_retrieval: { query: 'q', hits: [hit] } } as unknown as Partial<TurnState>;
    const said = offlineReply(state(APOLOGIES.en, 'en', { intent: 'continue_conversation', ...knowledge }), { robotName: 'Nadine', pick: () => 0 });
    expect(said).toBe(REACTION_LINES.en.apology[0]);
  });

  it("answers the visitor's words, not recalled memories: \"Yes, that's me.\" is no thanks", () => {
    expect(reaction("Yes, that's me.")).toBeNull();
  });
});

describe('the labelled appraisal sets', () => {
  it('hold at least 150 utterances in five languages, each family in each language, in two halves', () => {
    const sets = ['dev', 'held-out'].map((half) => loadSet(path.join(REPO, 'eval/appraisal', `${half}.yaml`), AppraisalSetSchema).utterances);
    expect(sets[0]!.length + sets[1]!.length).toBeGreaterThanOrEqual(150);
    for (const set of sets) for (const language of LANGUAGES) expect(new Set(set.filter((u) => u.lang === language).map((u) => u.family)).size, language).toBe(7);
    // The halves share no utterance.
    const dev = new Set(sets[0]!.map((u) => u.text));
    expect(sets[1]!.filter((u) => dev.has(u.text))).toEqual([]);
  });
});
