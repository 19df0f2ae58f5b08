import { describe, expect, it } from 'vitest';
import { contentWords, terms } from '../../../src/knowledge/tokens.js';

describe('retrieval terms', () => {
  it('drops fillers even where stop words are kept: "what exactly are you" asks what "what are you" asks', () => {
    expect(terms('Was bist du eigentlich?', { keepStopwords: true })).toEqual(terms('Was bist du?', { keepStopwords: true }));
    expect(terms('What exactly are you?', { keepStopwords: true })).toEqual(terms('What are you?', { keepStopwords: true }));
    expect(terms('你到底是什么？', { keepStopwords: true })).toEqual(terms('你是什么？', { keepStopwords: true }));
  });

  it('leaves an ambiguous word out of the thesaurus: a phone call and a train that leaves are no name and no farewell', () => {
    expect(terms('Can you call me a taxi?')).not.toContain('~name');
    expect(terms('When does the train leave?')).not.toContain('~leave');
    expect(terms('Say goodbye')).toContain('~leave');
  });

  it('knows the imperative of forgetting in each language', () => {
    for (const q of ['Vergiss mich', 'Oublie-moi', 'Olvida todo', '把我忘了', 'Forget me']) expect(terms(q)).toContain('~forget');
  });

  it('knows insults, loudness, phone calls, paying and code in each language (a second development set missed them)', () => {
    for (const q of ['Does it bother you when people insult you?', 'was passiert wenn man dich beschimpft', 'ça te vexe ?', '¿Te ofende que te insulten?', '你会因为被骂生气吗']) expect(terms(q)).toContain('~feel');
    for (const q of ['Do I have to shout?', 'Muss ich schreien?', 'Je dois crier ?', '¿Tengo que gritar?', '我要大声说吗']) expect(terms(q)).toContain('~hear');
    for (const q of ['can you phone my colleague', 'Kannst du telefonieren?', 'Tu peux téléphoner ?', '¿Puedes hacer llamadas?', '你能打电话吗']) expect(terms(q)).toContain('~phone');
    for (const q of ['Kann ich mit Karte zahlen?', 'is your software free', 'Ton code est-il libre ?']) expect(terms(q).some((t) => t === '~pay' || t === '~build')).toBe(true);
    // "appeler" and "llamar" also name a person ("je m'appelle", "me llamo"): they stay out of ~phone.
    expect(terms("Je m'appelle Anne")).not.toContain('~phone');
    expect(terms('Me llamo Ana')).not.toContain('~phone');
  });

  it('a five-letter concept word is no prefix: the building is not who built the robot; a job and being alive are concepts in five languages', () => {
    expect(terms('What time does the building close?')).not.toContain('~build');
    expect(terms('Who built you?')).toContain('~build');
    for (const q of ['Are you alive?', 'Bist du lebendig?', 'Tu es vivante ?', '¿Estás viva?', '你是活的吗？']) expect(terms(q)).toContain('~robot');
    for (const q of ["What's your job?", 'Was ist dein Beruf?', 'Quel est ton métier ?', '¿Eres la recepcionista?', '你是前台吗？']) expect(terms(q)).toContain('~job');
  });

  it('keeps an elided French pronoun where stop words count: whose name "je m\'appelle" asks about is not "tu t\'appelles"', () => {
    expect(terms("Tu veux savoir comment je m'appelle ?", { keepStopwords: true })).toContain('m');
    expect(terms("Comment tu t'appelles ?", { keepStopwords: true })).toEqual(expect.arrayContaining(['t']));
    expect(terms("Comment tu t'appelles ?", { keepStopwords: true })).not.toContain('m');
    // Against a section's text it is noise, as every stop word, and an article's elision is one anyway.
    expect(terms("Je m'appelle Anne")).not.toContain('m');
    expect(terms("l'adresse", { keepStopwords: true })).not.toContain('l');
  });
});

describe('phrases, framing phrases and compounds of the thesaurus', () => {
  it('reads a phrase as its concept in each language: a visitor says in their own words what a section says', () => {
    for (const q of ['Could I settle up by card?', 'Kann ich hier mit Karte bezahlen, oder nur bar zahlen?', 'Je peux régler par carte ?', '¿Puedo pagar con tarjeta aquí mismo?']) expect(terms(q)).toContain('~pay');
    for (const q of ["ok, gotta go now", 'im off, thanks', 'So, ich muss los', 'Allez, je dois y aller', 'Bueno, me tengo que ir']) expect(terms(q)).toContain('~leave');
    for (const q of ['sorry, can I butt in here', 'Darf ich dir mal ins Wort fallen?', 'Je peux te couper la parole deux secondes ?']) expect(terms(q)).toContain('~interrupt');
    expect(terms('¿Me puedes echar una mano con algo?')).toContain('~ability');
  });

  it('gives a word of a phrase the phrase\'s meaning, not its own: the person of "the wrong person" is about a name, not about being a robot', () => {
    expect(terms("you've got the wrong person")).toContain('~name');
    expect(terms("you've got the wrong person")).not.toContain('~robot');
    expect(terms('Is he a real person?')).toContain('~robot');
    // A content word of a phrase is no word the knowledge lacks.
    expect(contentWords('could you lend a hand').find((w) => w.term === 'lend')?.concepts).toEqual(['~ability']);
  });

  it('drops framing phrases and courtesy words: "would you mind" asks nothing about a mind', () => {
    expect(terms('would you mind telling me where you come from')).not.toContain('~mind');
    expect(contentWords('would you mind telling me where you come from').map((w) => w.term)).not.toContain('mind');
    expect(terms('Do you have a mind of your own?')).toContain('~mind');
    expect(terms('Excuse me, are you a robot?')).toEqual(terms('are you a robot?'));
    expect(terms('Excusez-moi, tu es un robot ?')).toEqual(terms('tu es un robot ?'));
    expect(terms('Perdona, ¿eres un robot?')).toEqual(terms('¿eres un robot?'));
    expect(terms('Entschuldigung, bist du ein Roboter?')).toEqual(terms('bist du ein Roboter?'));
  });

  it('splits a German compound that is no thesaurus word into head and modifier', () => {
    expect(terms('Hast du Gesichtserkennung?')).toContain('~remember');
    expect(terms('Gibt es eine Sprachausgabe?')).toContain('~language');
    expect(terms('Welche Zahlungsart geht hier?')).toContain('~pay');
    expect(terms('Ist das eine Kundenkarte?')).toContain('~pay');
    // "Wort" alone is no interruption (only "ins Wort fallen" is), so a password is none either.
    expect(terms('Wie ist das Passwort?')).not.toContain('~interrupt');
    expect(terms('Darf ich dir ins Wort fallen?')).toContain('~interrupt');
  });
});
