import { describe, expect, it } from 'vitest';
import { appraiseLexicon, findCues, reactionTo, type Cue, type Reaction } from '../../../src/affect/index.js';

/** Utterances per language and cue, as people say them (and the reaction the robot should have). */
const CASES: Record<string, [text: string, cue: Cue, reaction: Reaction | null][]> = {
  en: [
    ["You're so smart and lovely!", 'compliment', 'compliment'],
    ['Great job, I am impressed.', 'compliment', 'compliment'],
    ['Thank you so much for your help!', 'thanks', 'thanks'],
    ['You are a stupid useless robot.', 'insult', 'insult'],
    ['Shut up, idiot.', 'insult', 'insult'],
    ['My grandmother passed away last week.', 'sad_news', 'sympathy'],
    ["I lost my job and I'm really sad.", 'sad_news', 'sympathy'],
    ['I got the job!', 'good_news', 'good_news'],
    ["We're engaged!", 'good_news', 'good_news'],
    ["I'm going to smash you.", 'threat', 'insult'],
  ],
  de: [
    ['Du bist echt toll!', 'compliment', 'compliment'],
    ['Vielen Dank für deine Hilfe.', 'thanks', 'thanks'],
    ['Du bist so dumm.', 'insult', 'insult'],
    ['Halt die Klappe!', 'insult', 'insult'],
    ['Mein Vater ist gestorben.', 'sad_news', 'sympathy'],
    ['Ich habe die Prüfung bestanden!', 'good_news', 'good_news'],
  ],
  fr: [
    ['Tu es vraiment gentille.', 'compliment', 'compliment'],
    ['Merci beaucoup !', 'thanks', 'thanks'],
    ["T'es nulle.", 'insult', 'insult'],
    ['Tais-toi, imbécile.', 'insult', 'insult'],
    ['Ma mère est morte hier.', 'sad_news', 'sympathy'],
    ["J'ai une bonne nouvelle : je me marie !", 'good_news', 'good_news'],
  ],
  zh: [
    ['你真聪明！', 'compliment', 'compliment'],
    ['谢谢你的帮助。', 'thanks', 'thanks'],
    ['你是个笨蛋。', 'insult', 'insult'],
    ['闭嘴！', 'insult', 'insult'],
    ['我的奶奶去世了。', 'sad_news', 'sympathy'],
    ['我升职了！', 'good_news', 'good_news'],
  ],
  es: [
    ['¡Eres muy inteligente!', 'compliment', 'compliment'],
    ['Muchas gracias.', 'thanks', 'thanks'],
    ['Eres tonta.', 'insult', 'insult'],
    ['¡Cállate!', 'insult', 'insult'],
    ['Mi abuelo murió ayer.', 'sad_news', 'sympathy'],
    ['¡Me ascendieron en el trabajo!', 'good_news', 'good_news'],
  ],
};

const NEUTRAL = [
  'What is the capital of France?',
  'Where is the meeting room?',
  'Wo ist der Besprechungsraum?',
  'Quelle heure est-il ?',
  '会议室在哪里？',
  '¿Dónde está la sala de reuniones?',
  'Hello there!',
  '你好，很高兴认识你',
];

describe('lexicon appraisal', () => {
  for (const [language, cases] of Object.entries(CASES)) {
    it(`recognises thanks, compliments, insults, sad and good news in ${language}`, () => {
      for (const [text, cue, reaction] of cases) {
        const appraisal = appraiseLexicon({ text });
        expect(appraisal.cues, text).toContain(cue);
        expect(reactionTo(appraisal.emotions), text).toBe(reaction);
      }
    });
  }

  it('maps cues to the OCC emotions of the robot', () => {
    const top = (text: string) => appraiseLexicon({ text }).emotions.map((e) => e.emotion);
    expect(top("You're wonderful")).toEqual(expect.arrayContaining(['joy', 'pride', 'admiration']));
    expect(top('Thanks!')[0]).toBe('gratitude');
    expect(top('You are useless')).toEqual(['anger', 'reproach']);
    expect(top('My dog died')[0]).toBe('pity');
    expect(top('I passed my driving test')[0]).toBe('happy_for');
  });

  it('is not fooled by negations', () => {
    for (const text of ["You're not stupid", "You're not an idiot.", 'No thanks.', 'Du bist nicht dumm.', 'No eres tonta.', "Tu n'es pas stupide.", '你不笨']) {
      const appraisal = appraiseLexicon({ text });
      expect(appraisal.cues, text).not.toContain('insult');
      expect(appraisal.cues, text).not.toContain('thanks');
      expect(reactionTo(appraisal.emotions), text).toBeNull();
    }
  });

  it('hears an insult or a compliment whatever intensifier comes before it, but not past a negation', () => {
    const insults = ['Du bist ziemlich dumm.', "You're such a complete idiot.", 'Sie sind halt schon ziemlich nutzlos.', 'Tu es franchement bête.', 'Eres bastante tonto.'];
    for (const text of insults) expect(appraiseLexicon({ text }).cues, text).toContain('insult');
    for (const text of ['Du bist echt ziemlich klug!', 'Eres bastante simpática.', 'You are honestly rather clever.']) expect(appraiseLexicon({ text }).cues, text).toContain('compliment');
    for (const text of ['Du bist ja gar nicht dumm.', "You're really not stupid.", 'Eres realmente nada tonta.']) expect(appraiseLexicon({ text }).cues, text).not.toContain('insult');
  });

  it('feels nothing about neutral questions and plain greetings', () => {
    for (const text of NEUTRAL) expect(appraiseLexicon({ text }).emotions, text).toEqual([]);
  });

  it('is stronger with intensifiers, exclamations and strongly valenced English words', () => {
    const anger = (text: string) => appraiseLexicon({ text }).emotions.find((e) => e.emotion === 'anger')!.intensity;
    expect(anger('You are stupid')).toBeLessThan(anger('You are so stupid!'));
    expect(anger('You are annoying')).toBeLessThan(anger('You are a stupid, useless, pathetic robot'));
    for (const text of ['You are so so so very really stupid!!!', 'THANK YOU SO VERY MUCH, YOU ARE AMAZING!!!']) {
      for (const e of appraiseLexicon({ text }).emotions) expect(e.intensity).toBeLessThanOrEqual(1);
    }
  });

  it('catches plainly positive or negative English without a specific cue (AFINN)', () => {
    expect(appraiseLexicon({ text: 'This is awesome, I love it' }).emotions).toEqual([{ emotion: 'joy', intensity: expect.any(Number) }]);
    expect(appraiseLexicon({ text: 'This is a terrible, horrible day' }).emotions[0]!.emotion).toBe('distress');
  });

  it('takes greetings and farewells from the intent classifier as mild emotions', () => {
    expect(appraiseLexicon({ text: 'Servus!', cues: ['greeting'] }).emotions).toEqual([{ emotion: 'joy', intensity: 0.4 }]);
    const bye = appraiseLexicon({ text: 'Bis morgen', cues: ['farewell'] }).emotions;
    expect(bye).toEqual([{ emotion: 'liking', intensity: 0.3 }]);
    expect(reactionTo(bye)).toBeNull();
  });

  it('finds cues across languages, whatever the session language', () => {
    expect(findCues('Danke! Thanks! Merci ! 谢谢 ¡Gracias!')).toEqual(['thanks']);
  });
});

