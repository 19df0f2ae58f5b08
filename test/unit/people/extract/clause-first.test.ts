import { describe, expect, it } from 'vitest';
import { extractByRules } from '../../../../src/people/index.js';

/**
 * Introductions where what the person does or came for is said before the name, often
 * with the subject of the second clause left out ("我是护士，叫文静"), or with a job title between
 * "我是" and the name ("我是老师何平"). Written for this test.
 */
const name = (text: string, language = 'zh') => extractByRules({ text, expectingName: false, language }).user_name;

describe('a name after a clause about the job or the errand, in en, de, fr and es', () => {
  it.each([
    ['en', "I'm here for an interview, I'm Marco.", 'Marco'],
    ['en', 'I work as a nurse at Siemens, my name is Dana.', 'Dana'],
    ['de', 'Ich arbeite als Lehrer bei Bosch und heiße Jonas.', 'Jonas'],
    ['de', 'Ich bin wegen des Vorstellungsgesprächs da und heiße Frieda.', 'Frieda'],
    ['de', 'Ich komme zum Vorstellungsgespräch, ich bin Lukas.', 'Lukas'],
    ['fr', "Je suis infirmière chez Renault et je m'appelle Camille.", 'Camille'],
    ['fr', "Je viens pour un entretien, je m'appelle Théo.", 'Théo'],
    ['es', 'Soy profesora en Zara y me llamo Lucía.', 'Lucía'],
    ['es', 'Vengo por la entrevista, soy Mateo.', 'Mateo'],
  ])('[%s] "%s" → %s', (language, text, expected) => {
    expect(name(text, language)).toBe(expected);
  });

  it.each([
    ['en', "I'm early, I'm meeting Grace at noon."],
    ['en', "I'm here to see Dana, I'm her brother."],
    ['de', 'Ich bin zu früh, ich bin mit Greta verabredet.'],
    ['fr', 'Je suis en avance et je suis là pour Camille.'],
  ])('[%s] "%s": a cue said again holds no name', (language, text) => {
    expect(name(text, language)).toBeNull();
  });

  it('the employer stops before the name clause', () => {
    expect(extractByRules({ text: 'Soy profesora en Zara y me llamo Lucía.', expectingName: false, language: 'es' }).facts.current_company).toBe('Zara');
  });
});

describe('a Chinese name after a clause about the job or the errand', () => {
  it.each([
    ['我是一名老师，叫李伟。', '李伟'],
    ['我是护士，叫文静。', '文静'],
    ['我教书的，叫孙晓燕。', '孙晓燕'],
    ['我今天来面试，名叫张敏。', '张敏'],
    ['我是来面试的，就叫王芳。', '王芳'],
    ['我是老师何平。', '何平'],
    ['我是工程师郭子豪。', '郭子豪'],
    ['我是面试者梁思远。', '梁思远'],
    ['我是来面试的，我叫王芳。', '王芳'],
    ['我在华为当工程师，我叫杨帆。', '杨帆'],
  ])('"%s" → %s', (text, expected) => {
    expect(name(text)).toBe(expected);
  });

  it.each(['我是来面试的。', '我是老师。', '我是张老师的学生。', '我是来找李明的。', '我是学生会长。', '好的，叫车吧。', '他们都在，叫一下王经理。', '我找王经理，叫李明过来一下。', '麻烦你，叫王芳出来。'])('"%s" holds no name of the speaker', (text) => {
    expect(name(text)).toBeNull();
  });
});

describe('a Chinese name said first after more than one greeting', () => {
  it.each([
    ['嗨，你好。王芳，你好。', '王芳'],
    ['你好你好，李伟，来自上海。', '李伟'],
  ])('"%s" → %s', (text, expected) => {
    expect(name(text)).toBe(expected);
  });
});
