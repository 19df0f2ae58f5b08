import { describe, expect, it } from 'vitest';
import { extractionRequest, looksLikeName } from '../../../src/people/index.js';

describe('a name must look like a name, in every language', () => {
  it.each([
    'Alice', 'Jean-Luc', "O'Brien", "D'Angelo", 'Maria de la Cruz', 'Ludwig van Beethoven', 'Jürgen', 'Élodie Durand', 'Will', 'Mark', 'May',
    'Ben', 'Mia', 'Ella', 'He Wei', 'Zoë', '李明', '王晓明', '欧阳娜娜', 'Yusuf bin Ali', 'Siobhán',
  ])('"%s" is a name', (name) => expect(looksLikeName(name)).toBe(true));

  it.each([
    'Yo', 'Soy', 'Ich', 'Das', 'Bin', 'Moi', 'Je', "C'est", "C'Est", 'Sí', 'Oui', 'Ja', 'Genau', 'Yes', 'Nope', 'Euh', 'Ähm', 'Mm', 'Vale',
    'Claro', 'Ce N\'Est Pas', 'Yo Soy', 'Das Bin Ich', 'Ben J\'ai', 'Hmm', 'Okay', 'Exacto', 'Stimmt', 'D\'accord', 'Ouais', 'Voilà',
    '是', '我', '是我', '是的', '对', '嗯', '好的', '不是', '我是', 'A', 'X', '', '  ', 'Alice123', 'Hello World Foo Bar Baz Qux',
  ])('"%s" is not a name', (name) => expect(looksLikeName(name)).toBe(false));
});

describe('the answers of issue 23 settle no name', () => {
  it.each([
    ['Sí, soy yo.', 'es', 'Mariana'],
    ['Ja, das bin ich', 'de', 'Anna'],
    ["Oui, c'est moi", 'fr', 'Marie'],
    ['是的，是我', 'zh', '李明'],
    ["yeah that's me", 'en', 'Alice'],
    ['Claro que sí, soy yo', 'es', 'Mariana'],
    ['Oui oui, je suis là', 'fr', 'Marie'],
    ['Mm, yes I am', 'en', 'Alice'],
    ['Ähm, ja', 'de', 'Anna'],
    ["C'est ça, oui", 'fr', 'Marie'],
    ["Non, ce n'est pas moi", 'fr', 'Marie'],
    ['No, no soy yo', 'es', 'Mariana'],
    ['Wo ist die Toilette?', 'de', 'Anna'],
  ])('"%s"', (text, language, askedName) => {
    const { offline } = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: `Is your name ${askedName}?`, askedName });
    expect(offline.user_name).toBeNull();
  });
});
