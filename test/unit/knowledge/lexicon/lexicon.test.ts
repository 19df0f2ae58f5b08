import { deu, eng, fra, spa } from 'stopword';
import { describe, expect, it } from 'vitest';
import { CONCEPTS } from '../../../../src/knowledge/concepts.js';
import { DE } from '../../../../src/knowledge/lexicon/de.js';
import { EN } from '../../../../src/knowledge/lexicon/en.js';
import { ES } from '../../../../src/knowledge/lexicon/es.js';
import { FR } from '../../../../src/knowledge/lexicon/fr.js';
import { ZH } from '../../../../src/knowledge/lexicon/zh.js';
import { contentWords, personhood, terms } from '../../../../src/knowledge/tokens.js';

// Each language's file itself: the index exports only what the search reads (their union).
const LEXICONS = { en: EN, de: DE, fr: FR, es: ES, zh: ZH };

describe('the knowledge lexicon, one data file per language', () => {
  it('gives every language words for the concepts visitors ask about most, and the thesaurus is their union', () => {
    for (const [lang, lexicon] of Object.entries(LEXICONS)) {
      for (const concept of ['robot', 'feel', 'build', 'data', 'forget', 'language', 'see', 'move', 'pay'] as const) expect(lexicon.concepts[concept]?.length, `${lang} ${concept}`).toBeGreaterThan(0);
      expect(lexicon.frames.length, lang).toBeGreaterThan(0);
      expect(lexicon.persons.length, lang).toBeGreaterThan(0);
      for (const [concept, words] of Object.entries(lexicon.concepts)) for (const w of words) expect(CONCEPTS[concept], `${lang} ${w}`).toContain(w);
    }
  });

  it('finds a thesaurus word under an inflectional ending: "keeping" is "keep", "Fotos" is "Foto"', () => {
    expect(terms('Are you keeping notes on me?')).toContain('~data');
    expect(terms('Do you keep notes on me?')).toContain('~data');
    expect(terms('Is somebody controlling you remotely?')).toEqual(expect.arrayContaining(['~online', '~mind']));
    expect(terms('¿Guardas mis fotos?')).toContain('~data');
    // Only a listed word can match: "keeper" and "stopwatch" are no inflection of a thesaurus word.
    expect(terms('Who is the goalkeeper?')).not.toContain('~data');
  });

  it('leaves out a word that means something else in another language: English "still" is not German "still" (quiet)', () => {
    expect(terms('Will you still know me next time I visit?')).not.toContain('~interrupt');
    expect(terms('Will you still know me next time I visit?')).toContain('~return');
  });

  it('cuts a German separable particle from a word that is otherwise a thesaurus word', () => {
    expect(terms('Wo soll ich mich hinstellen?')).toContain('~stand');
    expect(terms('Kannst du herumlaufen?')).toContain('~move');
    // "Antwort" is no particle and "twort": nothing is guessed.
    expect(terms('Antwort')).not.toContain('~stand');
  });

  it('drops frame words: "what happens when" and a greeting say nothing about what is asked', () => {
    expect(contentWords('was passiert wenn man dich beschimpft').map((w) => w.term)).toEqual(['besch']);
    expect(contentWords('Hi there, who am I talking to?').map((w) => w.term)).toEqual(['talki']);
    expect(terms('你好，发生了什么？')).toEqual(terms('了什么？'));
  });

  it('tells a question about the visitor or the robot from one about the world around, in five languages', () => {
    for (const q of ['Who built you?', 'Where is my data?', "Let's speak French", 'Which company is behind this robot?', 'Wer hat dich gebaut?', "J'ai une question", 'Tu parles chinois ?', '¿Hablas chino?', '¿Puedo pagar aquí?', '你叫什么名字？', '我可以走了吗？'])
      expect(personhood(q), q).toBe(1);
    for (const q of ['Who designed this building?', 'Wie heißt der Hausmeister?', "Où est l'ascenseur ?", '¿En qué idioma es la reunión?', '经理叫什么名字？'])
      expect(personhood(q), q).toBeLessThan(1);
  });
});

describe('the knowledge lexicon, everyday synonyms', () => {
  it('knows colloquial words for what visitors ask about, in every language', () => {
    const cases: [string, string][] = [
      ['Do you film people?', '~data'],
      ['Sorry, can I jump in?', '~interrupt'],
      ['How many tongues have you got?', '~language'],
      ['Is anything I say transmitted off-site?', '~online'],
      ['Wer hat dich zusammengebaut?', '~build'],
      ['Wohin werden meine Daten geschickt?', '~online'],
      ['Ça te blesse quand on est méchant ?', '~feel'],
      ['¿Alguien te maneja a distancia?', '~mind'],
      ['你有脾气吗？', '~feel'],
    ];
    for (const [q, concept] of cases) expect(terms(q), q).toContain(concept);
  });

  it('has a concept for greeting visitors, apart from saying goodbye, in five languages', () => {
    for (const q of ['Do you greet people?', 'Begrüßt du die Besucher?', 'Tu salues les gens ?', '¿Saludas a la gente?', '你会和人打招呼吗？']) expect(terms(q), q).toContain('~greet');
    expect(terms('Do you greet people?')).not.toContain('~leave');
  });

  it('does not read "à distance" / "a distancia" (remotely) as standing close', () => {
    expect(terms('Quelqu’un te pilote à distance ?')).toContain('~mind');
    expect(terms('Quelqu’un te pilote à distance ?')).not.toContain('~stand');
    expect(terms('¿Alguien te maneja a distancia?')).not.toContain('~stand');
  });

  it('lists no six-letter word that begins an unrelated one (a listed word of six letters matches the words it begins)', () => {
    // Spanish "mandar" (send) would begin "Mandarin", German "besuche" "Besucher", French "équipe" "équipement".
    expect(terms('Do you know Mandarin?')).not.toContain('~online');
    expect(terms('Wo warten die Besucher?')).not.toContain('~return');
    expect(terms('Où sont les équipements ?')).not.toContain('~build');
  });

  it('lists no concept word that is a function word of another language (German "hat" is no hat), but "AI", whose French twin only follows an elision', () => {
    const fold = (w: string) => w.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    const stops = Object.entries({ en: eng, de: deu, fr: fra, es: spa }).map(([lang, list]) => ({ lang, words: new Set(list.map(fold)) }));
    const clashes = Object.entries(LEXICONS).flatMap(([lang, lexicon]) =>
      Object.values(lexicon.concepts).flatMap((words) => words.filter((w) => stops.some((s) => s.lang !== lang && s.words.has(fold(w))))),
    );
    expect(clashes).toEqual(['ai']);
    expect(terms('Wer hat dich gebaut?')).not.toContain('~see');
    expect(terms("J'ai une question")).not.toContain('~mind');
    expect(terms('Is there AI in you?')).toContain('~mind');
  });

  it('drops colloquial fillers and knows idioms of mood (a seventh development set missed them)', () => {
    expect(terms('so what are you even for', { keepStopwords: true })).toEqual(terms('what are you for', { keepStopwords: true }));
    expect(terms('Bist du heute schlecht drauf?')).toContain('~feel');
    expect(terms("Ça va le moral aujourd'hui ?")).toEqual(['ca', 'va', '~feel', 'moral']);
    expect(personhood('Geht das auch auf Englisch?')).toBe(0.5);
    // A contraction typed or transcribed without its apostrophe is a function word, not a word the knowledge lacks.
    expect(terms('dont you remember me')).toEqual(terms("don't you remember me"));
    expect(contentWords('whats the wifi password, i cant find it').map((w) => w.term)).toEqual(contentWords("what's the wifi password, i can't find it").map((w) => w.term));
  });
});
