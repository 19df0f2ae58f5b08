import { describe, expect, it } from 'vitest';
import { appraiseLexicon, type AffectSnapshot, type MoodOctant } from '../../../src/affect/index.js';
import { LANGUAGES, type Language } from '../../../src/config/index.js';
import { offlineReply } from '../../../src/dialogue/index.js';
import { TONED } from '../../../src/dialogue/offline/affect-lines.js';
import { LINES } from '../../../src/dialogue/offline/lines.js';
import { REACTION_LINES } from '../../../src/dialogue/offline/reaction-lines.js';
import type { TurnState } from '../../../src/dialogue/index.js';

const first = { robotName: 'Nadine', pick: () => 0 };

function mood(octant: MoodOctant, mood_intensity: AffectSnapshot['mood_intensity'] = 'moderately'): AffectSnapshot {
  return { emotion: null, intensity: 0, emotions: [], mood: { pleasure: 0, arousal: 0, dominance: 0 }, octant, mood_intensity };
}

function reply(text: string, language: Language, patch: Partial<TurnState> = {}): string {
  return offlineReply(
    {
      intent: 'continue_conversation',
      language,
      requested_language: null,
      user_info: { user_id: null, user_name: null },
      user_text: text,
      appraisal: { source: 'lexicon', emotions: appraiseLexicon({ text }).emotions },
      affect: mood('exuberant', 'slightly'),
      ...patch,
    },
    first,
  );
}

const SAID: Record<Language, { compliment: string; insult: string; sad: string; thanks: string; good: string }> = {
  en: { compliment: "You're so smart!", insult: 'You are useless.', sad: 'My grandfather died.', thanks: 'Thanks a lot.', good: 'I got promoted.' },
  de: { compliment: 'Du bist so klug!', insult: 'Du bist so dumm.', sad: 'Mein Opa ist gestorben.', thanks: 'Vielen Dank.', good: 'Ich wurde befördert.' },
  fr: { compliment: 'Tu es vraiment gentille !', insult: "T'es nulle.", sad: 'Mon grand-père est mort.', thanks: 'Merci beaucoup.', good: 'Bonne nouvelle : je suis promu.' },
  zh: { compliment: '你真聪明！', insult: '你是个笨蛋。', sad: '我的爷爷去世了。', thanks: '谢谢你。', good: '我升职了。' },
  es: { compliment: '¡Eres muy inteligente!', insult: 'Eres tonta.', sad: 'Mi abuelo murió.', thanks: 'Muchas gracias.', good: 'Me ascendieron.' },
};

/** The robot's tones (a mood octant's), each of which every toned line must have. */
const TONES = ['cheerful', 'calm', 'subdued', 'irritable'] as const;

describe('the offline responder and affect', () => {
  it('has every toned line and reaction in every language, with no placeholder left once filled', () => {
    for (const language of LANGUAGES) {
      for (const [key, tones] of Object.entries(TONED[language])) {
        for (const tone of TONES) {
          const lines = tones[tone];
          expect(lines.length, `${language}/${key}/${tone}`).toBeGreaterThan(0);
          for (const line of lines) {
            const filled = line.replace('{robot}', 'Nadine').replace('{name}', 'Ana');
            expect(filled, `${language}/${key}/${tone}`).not.toMatch(/[{}]/);
            if (key.startsWith('greeting') && !key.endsWith('known')) expect(line).toContain('{robot}');
            if (key.endsWith('known')) expect(line).toContain('{name}');
          }
        }
      }
      for (const lines of Object.values(REACTION_LINES[language])) expect(lines.length).toBeGreaterThan(0);
    }
  });

  it('varies its wording with the mood, in every language', () => {
    for (const language of LANGUAGES) {
      for (const intent of ['first_greeting', 'end_conversation', 'continue_conversation'] as const) {
        // Something said that no tool answers (not an acknowledgement, which gets the offer to help).
        const say = (affect: AffectSnapshot) => reply('Tell me a story about dragons.', language, { intent, affect, appraisal: { source: 'lexicon', emotions: [] } });
        const variants = [say(mood('exuberant')), say(mood('bored')), say(mood('hostile')), say(mood('relaxed'))];
        expect(new Set(variants).size, `${language}/${intent}: ${variants.join(' | ')}`).toBe(4);
        // a slight mood keeps the plain lines
        const plainKey = intent === 'first_greeting' ? 'greeting' : intent === 'end_conversation' ? 'farewell' : 'no_llm';
        expect(say(mood('hostile', 'slightly'))).toBe(LINES[language][plainKey][0]!.replace('{robot}', 'Nadine'));
      }
    }
    expect(reply('Hello', 'en', { intent: 'first_greeting', affect: mood('exuberant') })).toMatch(/so glad you're here/);
    expect(reply('Bye', 'en', { intent: 'end_conversation', affect: mood('hostile', 'fully') })).toBe('Goodbye.');
  });

  it('thanks for a compliment, answers an insult calmly and hurt, and shows sympathy, in every language', () => {
    for (const language of LANGUAGES) {
      const lines = REACTION_LINES[language];
      const said = SAID[language];
      expect(reply(said.compliment, language)).toBe(lines.compliment[0]);
      expect(reply(said.insult, language)).toBe(lines.insult[0]);
      expect(reply(said.sad, language)).toBe(lines.sympathy[0]);
      expect(reply(said.thanks, language)).toBe(lines.thanks[0]);
      expect(reply(said.good, language)).toBe(lines.good_news[0]);
      expect(new Set([reply(said.compliment, language), reply(said.insult, language), reply(said.sad, language)]).size).toBe(3);
    }
    expect(reply('You are useless.', 'en')).toMatch(/hurts a little.*kind to each other/);
  });

  it('does not thank anyone for an insult the intent model took for personal information', () => {
    expect(reply('You are a stupid useless robot.', 'en', { intent: 'update_user_info' })).toBe(REACTION_LINES.en.insult[0]);
    expect(reply('My name is Alex.', 'en', { intent: 'update_user_info' })).toBe(LINES.en.info_ack[0]);
  });

  it('still says honestly that it cannot answer a question that came with the remark', () => {
    const answer = reply('Thanks! And where is the meeting room?', 'en');
    expect(answer).toMatch(/^You're very welcome! .*language model isn't available/);
  });

  it('reacts before greeting or saying goodbye, never on a language switch', () => {
    expect(reply('Thanks, goodbye!', 'en', { intent: 'end_conversation' })).toMatch(/^You're very welcome! Goodbye/);
    const switched = reply('Merci, parle français', 'fr', { intent: 'language_change', requested_language: { code: 'fr', supported: true } });
    expect(switched).toBe('Bien sûr ! À partir de maintenant, je parle français.');
  });
});
