import { describe, expect, it } from 'vitest';
import { detectAnswer } from '../../../src/people/answers.js';
import { extractionRequest } from '../../../src/people/extract/index.js';

const read = (text: string, language: string, askedName: string) =>
  extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: language === 'zh' ? `你是${askedName}吗？` : `Is your name ${askedName}?`, askedName }).offline;

// Answers to "Is your name …?" found by probing the confirmation template with new phrasings.
describe('a near miss, then the right name', () => {
  it.each([
    ['en', 'Jonathan', 'Almost! Johnathan.', 'Johnathan'],
    ['en', 'Jonathan', "Close, but it's Johnathan.", 'Johnathan'],
    ['de', 'Katrin', 'Fast, es ist Kathrin.', 'Kathrin'],
    ['fr', 'Mathieu', "Presque, c'est Matthieu.", 'Matthieu'],
    ['es', 'Marianna', 'Casi, es Mariana.', 'Mariana'],
    ['zh', '李晓明', '差不多，是李小明。', '李小明'],
  ])('[%s] %s', (language, asked, text, name) => {
    expect(read(text, language, asked).user_name).toBe(name);
  });
});

describe('answer words that are no names', () => {
  it.each([
    ['en', 'Jonathan', 'Wrong person, sorry.'],
    ['de', 'Katrin', 'Jup.'],
    ['de', 'Katrin', 'Falsche Person.'],
    ['fr', 'Mathieu', 'Mauvaise personne.'],
    ['es', 'Marianna', 'Persona equivocada.'],
  ])('[%s] %s', (language, asked, text) => {
    expect(read(text, language, asked).user_name).toBeNull();
  });

  it('reads "Jup." as a yes', () => {
    expect(detectAnswer('Jup.')).toBe('yes');
  });
});

describe('a Chinese 是 that answers nothing', () => {
  it.each(['我是来面试的。', '我是来找人的', '那个，我是坐地铁来的。'])('%s is no yes', (text) => {
    expect(detectAnswer(text)).toBe('unclear');
  });

  it.each(['是。', '嗯，是的。', '对，没错。', '那个，对。', '我就是。', '是我本人。', '对对，是我。'])('%s is a yes', (text) => {
    expect(detectAnswer(text)).toBe('yes');
  });
});
