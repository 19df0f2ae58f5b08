import { describe, expect, it } from 'vitest';
import { appraiseLexicon } from '../../../../src/affect/index.js';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { offlineReply, type TurnState } from '../../../../src/dialogue/index.js';
import { ABOUT_LINES } from '../../../../src/dialogue/offline/about-lines.js';
import { TONED } from '../../../../src/dialogue/offline/affect-lines.js';
import type { AffectSnapshot } from '../../../../src/affect/index.js';
import type { MemoryMatch } from '../../../../src/memory/index.js';

const ctx = { robotName: 'Nadine', pick: () => 0 };
const BOB = { user_id: 'bob_02', user_name: 'Bob', location: 'Stuttgart', current_company: 'Bosch', current_position: null, hobbies: ['chess'], interests: [] };
const EPISODE: MemoryMatch = { id: 'e1', text: 'Bob talked about his guitars.', score: 0.4, timestamp: '2026-11-01T10:00:00Z', reason: 'latest', highlight: 'I collect vintage electric guitars.' };
// What the knowledge files matched, wrongly, for these questions today.
const KNOWLEDGE = {
  query: 'q',
  hits: [{ id: 'k', file: 'talking-to-me.md', headings: ['Names'], text: 'Tell me your name and I will remember it. I greet you when you arrive.', similarity: 0.4, language: 'en' }],
};

function reply(text: string, language: Language, patch: Partial<TurnState> = {}): string {
  return offlineReply(
    {
      intent: 'continue_conversation',
      language,
      requested_language: null,
      user_info: BOB,
      user_text: text,
      episode_memory: EPISODE,
      knowledge_retrieval: KNOWLEDGE,
      appraisal: { source: 'lexicon', emotions: appraiseLexicon({ text }).emotions },
      affect: null,
      ...patch,
    } as Parameters<typeof offlineReply>[0],
    ctx,
  );
}

const QUESTIONS: Record<Language, { remember: string; name: string; work: string; last: string; live: string }> = {
  en: { remember: 'Do you remember me?', name: "What's my name?", work: 'Where do I work?', last: 'What did I tell you last time?', live: 'Do you remember where I live?' },
  de: { remember: 'Erinnerst du dich an mich?', name: 'Wie heiße ich?', work: 'Wo arbeite ich?', last: 'Was habe ich dir letztes Mal erzählt?', live: 'Weißt du, wo ich wohne?' },
  fr: { remember: 'Tu te souviens de moi ?', name: "Comment je m'appelle ?", work: 'Où est-ce que je travaille ?', last: "Qu'est-ce que je t'ai dit la dernière fois ?", live: "Où est-ce que j'habite ?" },
  es: { remember: '¿Te acuerdas de mí?', name: '¿Cómo me llamo?', work: '¿Dónde trabajo?', last: '¿Qué te conté la última vez?', live: '¿Dónde vivo?' },
  zh: { remember: '你还记得我吗？', name: '我叫什么名字？', work: '我在哪里工作？', last: '我上次跟你说了什么？', live: '我住在哪里？' },
};

describe('offline answers about the person asking', () => {
  it('come from their profile and their last visit, in every language, before any knowledge hit', () => {
    for (const language of LANGUAGES) {
      const q = QUESTIONS[language];
      expect(reply(q.remember, language), language).toMatch(/Bob.*guitars/s);
      expect(reply(q.name, language), language).toContain('Bob');
      expect(reply(q.work, language), language).toContain('Bosch');
      expect(reply(q.last, language), language).toContain('I collect vintage electric guitars.');
      expect(reply(q.live, language), language).toContain('Stuttgart');
      for (const text of Object.values(q)) expect(reply(text, language), `${language}: ${text}`).not.toMatch(/greet you when you arrive|welcome!|Gern geschehen|De nada|不客气/);
    }
  });

  it('say plainly what was never told, and know nothing of someone unknown', () => {
    const silent = { ...BOB, location: null, current_company: null };
    expect(reply('Where do I live?', 'en', { user_info: silent })).toBe(ABOUT_LINES.en.me_live_none[0]!.replace('{name}', 'Bob'));
    expect(reply('Wo arbeite ich?', 'de', { user_info: silent })).toBe(ABOUT_LINES.de.me_work_none[0]!.replace('{name}', 'Bob'));
    // A stranger's turn carries no memories; even if one were there, it is not read out.
    const stranger = reply('Do you remember me?', 'en', { user_info: { user_id: null, user_name: null } });
    expect(stranger).toBe(ABOUT_LINES.en.me_unknown[0]);
    expect(reply('我叫什么名字？', 'zh', { user_info: { user_id: null, user_name: null } })).toBe(ABOUT_LINES.zh.me_name_unknown[0]);
  });

  it('leave questions about someone else to the other answers', () => {
    expect(reply('Where does my wife work?', 'en')).not.toContain('Bosch');
  });
});

describe('offline answers about the robot', () => {
  it('give its own name, never how to tell it yours', () => {
    const names: Record<Language, string> = { en: 'What is your name?', de: 'Wie heißt du?', fr: "Comment tu t'appelles ?", es: '¿Cómo te llamas?', zh: '你叫什么名字？' };
    for (const language of LANGUAGES) {
      const said = reply(names[language], language);
      expect(said, language).toContain('Nadine');
      expect(said, language).not.toMatch(/Tell me your name/);
    }
  });

  it('say what it is, what it can do and whether it has feelings in the visitor language when the knowledge is in another', () => {
    expect(reply('Was kannst du?', 'de')).toBe(ABOUT_LINES.de.robot_abilities[0]!.replace('{supported}', 'Englisch, Deutsch, Französisch, Chinesisch und Spanisch'));
    expect(reply('¿Eres un robot?', 'es')).toMatch(/Nadine, una robot social/);
    expect(reply('你有感情吗？', 'zh')).toBe(ABOUT_LINES.zh.robot_feelings[0]);
  });

  it('say how it is, in its mood, when asked how it is, in every language, and ask back', () => {
    const asked: Record<Language, string> = { en: 'how are you doing today', de: 'Wie geht es dir?', fr: 'Ça va ? Tu as passé une bonne journée ?', es: '¿Qué tal estás?', zh: '你今天怎么样？' };
    const cheerful = { octant: 'exuberant', mood_intensity: 'moderately' } as AffectSnapshot;
    for (const language of LANGUAGES) {
      expect(reply(asked[language], language, { knowledge_retrieval: null }), language).toBe(ABOUT_LINES[language].robot_mood[0]);
      expect(reply(asked[language], language, { knowledge_retrieval: null, affect: cheerful }), language).toBe(TONED[language].robot_mood.cheerful[0]);
    }
    // Opening a visit with it: the greeting answers, and the robot introduces itself.
    expect(reply('Hello, how are you?', 'en', { intent: 'first_greeting', turn_id: 't1', conversation_id: 't1', user_info: { ...BOB, user_id: null, user_name: null } } as Partial<TurnState>)).toMatch(/I'm Nadine/);
    // Not a question about the robot's day.
    expect(reply('How are you able to see me?', 'en', { knowledge_retrieval: null })).not.toBe(ABOUT_LINES.en.robot_mood[0]);
  });

  it('say how it is when asked later in the visit, even when the intent model reads the question as a greeting, in every language', () => {
    const asked: Record<Language, string> = { en: 'How are you?', de: 'Wie geht es dir?', fr: 'Comment vas-tu ?', es: '¿Cómo estás?', zh: '你好吗？' };
    const stranger = { user_id: null, user_name: null };
    for (const language of LANGUAGES) {
      const later = { intent: 'first_greeting', turn_id: 't3', conversation_id: 't1', knowledge_retrieval: null, user_info: stranger } as Partial<TurnState>;
      expect(reply(asked[language], language, later), language).toContain(ABOUT_LINES[language].robot_mood[0]);
      // The visit's first utterance: the greeting answers it, not the mood.
      const first = { ...later, turn_id: 't1' };
      expect(reply(asked[language], language, first), language).not.toContain(ABOUT_LINES[language].robot_mood[0]);
    }
  });

  it('take what it can do from the knowledge files when they answer in the visitor language', () => {
    const knowledge = { query: 'q', hits: [{ id: 'k', file: 'what-i-can-do.md', headings: ['What I can do'], text: 'I greet people and remember them.', similarity: 0.5, language: 'en' }] };
    expect(reply('What can you do?', 'en', { knowledge_retrieval: knowledge } as Partial<TurnState>)).toBe('I greet people and remember them.');
  });
});
