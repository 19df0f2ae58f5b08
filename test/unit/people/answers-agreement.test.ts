import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/config/index.js';
import { detectAnswer, extractionRequest } from '../../../src/people/index.js';

/**
 * Ways of agreeing that are not the plain yes words, in five languages: "the very same", an
 * adverb or a superlative of agreement, "that's what they call me", a Chinese "not wrong" with
 * its verb; and what a yes holds besides: no name unless a cue says one or it is the asked one.
 */
const ask = (language: Language, text: string, askedName: string | null, lastRobotMessage: string | null = askedName && `${askedName}?`) =>
  extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage, askedName }).offline;

const AGREEING: [Language, string, string][] = [
  ['en', "That's what they call me.", 'Lindsay'],
  ['de', 'Ja, derselbe.', 'Bernd'],
  ['de', 'Genau dieselbe.', 'Annika'],
  ['de', 'So nennt man mich.', 'Annika'],
  ['de', 'Gut erkannt!', 'Annika'],
  ['fr', 'Parfaitement !', 'Mathilde'],
  ['fr', 'Affirmatif !', 'Mathilde'],
  ['fr', 'Lui-même.', 'Frédéric'],
  ['fr', "C'est comme ça qu'on m'appelle.", 'Mathilde'],
  ['es', 'Clarísimo.', 'Isabel'],
  ['es', 'Ciertísimo.', 'Isabel'],
  ['es', 'La misma.', 'Isabel'],
  ['es', 'Así me llaman.', 'Isabel'],
  ['zh', '没有错。', '王晓红'],
  ['zh', '你猜得没错。', '王晓红'],
  ['zh', '说得对。', '王晓红'],
  ['zh', '没有认错。', '王晓红'],
];

describe('agreeing without a plain yes word', () => {
  it.each(AGREEING)('[%s] "%s" is a yes and no name', (language, text, asked) => {
    expect(detectAnswer(text)).toBe('yes');
    expect(ask(language, text, asked).user_name).toBeNull();
  });
});

describe('what a yes holds besides', () => {
  it.each([
    ['es', 'Sí, correcto, enhorabuena.', 'Isabel'],
    ['de', "Ja, ich bin's höchstselbst.", 'Annika'],
  ] as [Language, string, string][])('[%s] "%s": words no cue introduces are no name', (language, text, asked) => {
    expect(ask(language, text, asked).user_name).toBeNull();
  });

  it.each([
    ['es', 'Sí, Isabel, correcto.', 'Isabel', 'Isabel'],
    ['en', 'Yes, but my name is Robert.', 'Megan', 'Robert'],
  ] as [Language, string, string, string][])('[%s] "%s": the asked name, or one a cue says, is kept', (language, text, asked, name) => {
    expect(ask(language, text, asked).user_name).toBe(name);
  });

  it('"doch" is a yes at the start of an answer, not as a particle inside a sentence', () => {
    expect(detectAnswer('Doch, das bin ich.')).toBe('yes');
    expect(detectAnswer('Wo ist doch gleich der Ausgang')).not.toBe('yes');
    expect(detectAnswer('Mir doch wurscht.')).not.toBe('yes');
  });
});

describe('"whatever you like" to a name question', () => {
  it.each([
    ['de', 'Egal.', 'Wie heißt du?'],
    ['de', 'Mir doch wurscht.', 'Wie heißt du?'],
    ['en', 'Whatever.', "What's your name?"],
    ['fr', "Égal, comme vous voulez.", "Comment tu t'appelles ?"],
  ] as [Language, string, string][])('[%s] "%s" gives no name', (language, text, question) => {
    expect(ask(language, text, null, question).user_name).toBeNull();
  });
});
