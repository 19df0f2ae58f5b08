import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/config/index.js';
import { LINES } from '../../../src/dialogue/offline/lines.js';
import { detectAgreement } from '../../../src/gestures/index.js';

describe('the agreement detector', () => {
  const agrees = [
    'Yes', 'Yes.', 'yes!', 'Yeah, sure.', 'Yep', 'Oh, absolutely!', "That's right.", 'Exactly', 'Sure', 'Of course.', 'OK',
    'Okay, thanks', 'Yes please', 'Yes I do', "Yes, that's me.", "You're right", 'I agree.', 'Well, yes', 'Right.', 'Correct!',
    'Ja', 'Ja, genau.', 'Genau!', 'Stimmt.', 'Na klar!', 'Ja gerne', 'Einverstanden.', 'Das bin ich.', 'Ja, das bin ich.', 'Äh, ja.',
    'Oui', "Oui, c'est ça.", "D'accord !", 'Bien sûr', 'Tout à fait.', 'Exactement', 'Ouais', 'Oui je veux bien', "Euh, d'accord",
    'Sí', 'Sí, claro.', 'Claro que sí', 'Vale', 'De acuerdo.', 'Por supuesto', 'Exacto', 'Si.',
    '是的', '对', '对的。', '没错！', '好的，谢谢', '可以', '当然', '嗯', '是啊，我同意', '你说得对',
  ];
  const doesNot = [
    'No', 'No, thanks.', 'Nope', "I don't agree.", 'Right now I am busy.', 'Sure is cold today', 'Right?', 'Yes?', 'Really?',
    'Yes, no, wait.', 'Where is the lift?', 'Hello there!', 'Fine dining is my hobby.', 'My name is Alex.', "That's wrong.",
    'Nein', 'Nein danke', 'Ja, nein', 'Klarinette spielen ist toll', 'Genauigkeit ist wichtig', 'Stimmt das?',
    'Non', "Non, merci", "Oui ? Qu'est-ce qu'il y a", 'Ouvre la porte', 'Dacquoise',
    'No, gracias', 'Si tienes tiempo, ven', 'Valencia es bonita', 'Claramente no',
    '不', '不是', '不对', '对不起', '是谁啊', '好的？', '可以吗？', '当然不是', '你好',
  ];
  it.each(agrees)('hears agreement in %j', (text) => expect(detectAgreement(text)).not.toBeNull());
  it.each(doesNot)('hears no agreement in %j', (text) => expect(detectAgreement(text)).toBeNull());

  it('names the cue', () => {
    expect(detectAgreement('Oh, ja, gerne')).toEqual({ cue: 'ja' });
    expect(detectAgreement("d'accord, merci")).toEqual({ cue: "d'accord" });
  });
});

describe('the offline lines', () => {
  it('exist for every key in every language, with the same placeholders as English', () => {
    const keys = Object.keys(LINES.en) as (keyof typeof LINES.en)[];
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(LINES[language]).sort(), language).toEqual([...keys].sort());
      for (const key of keys) {
        const variants = LINES[language][key];
        expect(variants.length, `${language}.${key}`).toBeGreaterThan(0);
        const expected = placeholders(LINES.en[key][0]!);
        for (const variant of variants) {
          expect(variant.trim().length, `${language}.${key}`).toBeGreaterThan(3);
          expect(placeholders(variant), `${language}.${key}: ${variant}`).toEqual(expected);
        }
      }
    }
  });

  it('are written in their language, not copied from English', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      for (const key of Object.keys(LINES.en) as (keyof typeof LINES.en)[]) {
        for (const variant of LINES[language][key]) expect(LINES.en[key], `${language}.${key}`).not.toContain(variant);
      }
    }
  });
});
