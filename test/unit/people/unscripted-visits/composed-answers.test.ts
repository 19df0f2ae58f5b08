import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../src/config/index.js';
import { detectAnswer, extractionRequest } from '../../../../src/people/index.js';

/**
 * Yes composed from parts: an interjection (drawn out or not), a pause, the yes, a word after it.
 * Every one is a yes and holds no name, whatever the combination: the answer is read by lexicons
 * of interjections and particles, not by one pattern per answer.
 */
const PARTS: Record<Language, { inter: string[]; pause: string[]; yes: string[]; tail: string[]; asked: string }> = {
  en: { inter: ['uh', 'Um', 'Uhhh', 'oh', 'Ahh', 'Mmm', 'hmm', 'Er'], pause: [' ', ', ', '… '], yes: ['yeah', 'yes', "that's me", 'it is', 'I am', 'correct'], tail: ['', '.', ', thanks', ' actually'], asked: 'Megan' },
  de: { inter: ['äh', 'Äähm', 'Öhm', 'hm', 'ach', 'Naja', 'Oh'], pause: [' ', ', ', '… '], yes: ['ja', 'genau', 'Jo, das bin ich', 'stimmt', 'das bin ich wohl', 'richtig'], tail: ['', '.', ', ja', ' doch'], asked: 'Claudia' },
  fr: { inter: ['euh', 'Euhhh', 'ben', 'Bah', 'hum', 'Oh', 'Hein ? Ah'], pause: [' ', ', ', '… '], yes: ['oui', 'ouais', "c'est moi", "c'est ça", 'exact', 'tout à fait'], tail: ['', '.', ', oui', ' hein'], asked: 'Mathilde' },
  es: { inter: ['eh', 'Ehhh', 'Ay', 'este', 'Pues', 'mmm', 'Uy'], pause: [' ', ', ', '… '], yes: ['sí', 'si', 'soy yo', 'claro', 'eso es', 'correcto'], tail: ['', '.', ', sí', ' pues'], asked: 'Beatriz' },
  zh: { inter: ['嗯', '啊', '哦', '呃', '额', '嗯嗯', '诶'], pause: ['', '，', '……'], yes: ['对', '是的', '是我', '没错', '我是', '你没认错', '猜对了'], tail: ['', '。', '吧', '呀', '啊', '嘛', '呢', '啦'], asked: '王晓红' },
};

const cases = (Object.keys(PARTS) as Language[]).flatMap((language) => {
  const p = PARTS[language];
  // Every interjection and every yes; pauses and tails in turn.
  return p.inter.flatMap((inter, i) => p.yes.map((yes, j) => [language, `${inter}${p.pause[(i + j) % p.pause.length]}${yes}${p.tail[(i * 3 + j) % p.tail.length]}`] as const));
});

describe('a composed yes, with interjections and particles', () => {
  it.each(cases)('[%s] "%s" is a yes and no name', (language, text) => {
    expect(detectAnswer(text)).toBe('yes');
    const asked = PARTS[language].asked;
    const { offline } = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: `${asked}?`, askedName: asked });
    expect(offline.user_name === null || offline.user_name === asked, `name ${offline.user_name}`).toBe(true);
  });
});
