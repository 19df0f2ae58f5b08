import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../src/config/index.js';
import { askedAbout, type Asked } from '../../../../src/dialogue/about/index.js';
import { AboutSetSchema, loadSet } from '../../../../src/eval/index.js';
import { REPO } from '../../../helpers/config.js';

const me = (topic: Extract<Asked, { about: 'me' }>['topic']): Asked => ({ about: 'me', topic });
const robot = (topic: Extract<Asked, { about: 'robot' }>['topic']): Asked => ({ about: 'robot', topic });

// Paraphrases a visitor might say, in every language, with whose question it is.
const CASES: [string, Asked | null][] = [
  ['Do you remember me?', me('remember')],
  ['Hi Nadine, do you recognise me', me('remember')],
  ["What's my name?", me('name')],
  ['Do you know what my name is?', me('name')],
  ['Where do I work?', me('work')],
  ['What do I do for a living?', me('work')],
  ['What did I tell you last time?', me('last_time')],
  ['What did we talk about before?', me('last_time')],
  ['Where do I live?', me('live')],
  ['Do you remember where I live?', me('live')],
  ['What are my hobbies?', me('hobbies')],
  ['Erinnerst du dich an mich?', me('remember')],
  ['Weißt du, wie ich heiße?', me('name')],
  ['Wo arbeite ich?', me('work')],
  ['Was habe ich dir letztes Mal erzählt?', me('last_time')],
  ['Weißt du noch, wo ich wohne?', me('live')],
  ['Tu te souviens de moi ?', me('remember')],
  ["Comment je m'appelle ?", me('name')],
  ['Tu sais où je travaille ?', me('work')],
  ["Qu'est-ce que je t'ai raconté la dernière fois ?", me('last_time')],
  ["Où est-ce que j'habite ?", me('live')],
  ['¿Te acuerdas de mí?', me('remember')],
  ['¿Sabes cómo me llamo?', me('name')],
  ['¿Dónde trabajo?', me('work')],
  ['¿Qué te conté la última vez?', me('last_time')],
  ['¿Te acuerdas de dónde vivo?', me('live')],
  ['你还记得我吗？', me('remember')],
  ['你知道我叫什么名字吗？', me('name')],
  ['我在哪里工作？', me('work')],
  ['我上次跟你说了什么？', me('last_time')],
  ['你记得我住在哪里吗？', me('live')],
  ['Have we met before?', me('remember')],
  ['Who am I?', me('name')],
  ['Kennen wir uns?', me('remember')],
  ['On se connaît ?', me('remember')],
  ['¿Nos conocemos?', me('remember')],
  ['我们见过吗？', me('remember')],
  // About the robot
  ['What is your name?', robot('name')],
  // Asking what to call the robot, in words no list had before (each failed): indirectly, politely, without "?".
  ['How should I address you?', robot('name')],
  ['I was wondering what to call you', robot('name')],
  ['Wie darf ich dich denn nennen?', robot('name')],
  ['Wie kann ich dich eigentlich so ansprechen?', robot('name')],
  ["Comment dois-je t'appeler ?", robot('name')],
  ["je me demandais si tu pouvais me dire comment t'appeler", robot('name')],
  ['¿Cómo te puedo llamar?', robot('name')],
  ['我应该怎么叫你？', robot('name')],
  // Calling on the phone is no name.
  ['Peux-tu appeler un taxi ?', null],
  ['Can you call me a taxi?', null],
  ['Tell me your name.', robot('name')],
  ['Are you a robot?', robot('what')],
  ['Who made you?', robot('creator')],
  ['What can you do?', robot('abilities')],
  ['Do you have feelings?', robot('feelings')],
  ['Wie heißt du?', robot('name')],
  ['Was kannst du?', robot('abilities')],
  ['Wer hat dich gebaut?', robot('creator')],
  ["Comment tu t'appelles ?", robot('name')],
  ['Est-ce que tu as des émotions ?', robot('feelings')],
  ['¿Cómo te llamas?', robot('name')],
  ['¿Eres un robot?', robot('what')],
  ['你叫什么名字？', robot('name')],
  ['你会做什么？', robot('abilities')],
  ['How are you?', robot('mood')],
  ['Wie geht es dir?', robot('mood')],
  ['Comment vas-tu ?', robot('mood')],
  ['¿Cómo estás?', robot('mood')],
  ['你好吗？', robot('mood')],
  // A time word between "you" and "well?": still how the robot is.
  ['你今天好吗？', robot('mood')],
  ['你这几天过得怎么样', robot('mood')],
  ['你最近还好吗', robot('mood')],
  // Someone else's, a statement, or another subject: not a question about the person or the robot.
  ['Where does my wife work?', null],
  ["What is my brother's name?", null],
  ['Wo wohnt mein Bruder?', null],
  ['Où habite ma sœur ?', null],
  ['¿Dónde vive mi hermano?', null],
  ['我妈妈住在哪里？', null],
  ['I live in Stuttgart.', null],
  ['My name is Bob.', null],
  ['Ich arbeite bei Bosch.', null],
  ['我住在上海。', null],
  ['Where do you live?', null],
  ['Where is the cafeteria?', null],
  // Speech-to-text without a question mark: the robot's phrasings ask by themselves; "ça va" and
  // "how are you" also answer, so they need the mark or a question word.
  ["c'est quoi ton nom", { about: 'robot', topic: 'name' }],
  ['und wie heißt du eigentlich', { about: 'robot', topic: 'name' }],
  ['y tú cómo te llamas', { about: 'robot', topic: 'name' }],
  ['tu es qui toi', { about: 'robot', topic: 'what' }],
  ['ok and who built you', { about: 'robot', topic: 'creator' }],
  ['ça va merci', null],
  ["I'm good thanks and how are you", null],
];

describe('what a question is about', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(askedAbout(text)).toEqual(expected);
  });
});

describe('the held-out questions of eval/about/', () => {
  it('are valid, in five languages, each with questions about the visitor, the robot and neither', () => {
    const set = loadSet(path.join(REPO, 'eval/about/held-out.yaml'), AboutSetSchema).questions;
    for (const language of LANGUAGES) {
      const kinds = new Set(set.filter((q) => q.lang === language).map((q) => q.expected.split('/')[0]));
      expect(kinds, language).toEqual(new Set(['me', 'robot', 'none']));
    }
    // Written apart from the cases above: no question is in both.
    const here = new Set(CASES.map(([text]) => text));
    expect(set.filter((q) => here.has(q.text))).toEqual([]);
  });
});
