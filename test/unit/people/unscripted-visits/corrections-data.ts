import type { Language } from '../../../../src/config/index.js';

/**
 * Corrections of a name the robot used, written for this battery (not the generator's parts):
 * "not X, (but) Y", "X? no, Y", "it's Y, not X", a hedge before Y, in each language.
 * {wrong}: the name the robot used; {right}: the visitor's name, a letter or a sound away.
 */
export const CORRECTIONS: Record<Language, { pairs: readonly [string, string][]; templates: readonly string[] }> = {
  en: {
    pairs: [['Megan', 'Meghan'], ['Brian', 'Bryan'], ['Carl', 'Karl'], ['Eric', 'Erik'], ['Phillip', 'Philip']],
    templates: [
      'No, not {wrong}, {right}.', 'Not {wrong} but {right}.', "It's {right}, not {wrong}.", '{wrong}? No, {right}.', "Actually it's {right}, not {wrong}.",
      'Sorry, not {wrong}. {right}.', "No no, it's {right}.", "You said {wrong}, but it's {right}.", "Not quite, it's {right}.", "I'm {right}, not {wrong}.",
      'Hmm, no, my name is {right}, not {wrong}.', "Uh, it's not {wrong}, it's {right}.", '{right}, not {wrong}.', "Close, but it's {right}.",
      'My name is actually {right}.', "Not {wrong}. It's {right}, actually.", "That's not my name, it's {right}.", 'No, it is {right} rather than {wrong}.',
    ],
  },
  de: {
    pairs: [['Mareike', 'Mareicke'], ['Claudia', 'Klaudia'], ['Bernd', 'Berndt'], ['Annika', 'Anika'], ['Ralf', 'Ralph']],
    templates: [
      'Nein, nicht {wrong}, sondern {right}.', 'Nicht {wrong}, sondern {right}.', 'Ich heiße nicht {wrong}, sondern {right}.', '{wrong}? Nein, {right}.',
      'Nein, {right}, nicht {wrong}.', 'Äh, nicht {wrong}, {right}.', 'Das ist nicht {wrong}, das ist {right}.', 'Mein Name ist {right}, nicht {wrong}.',
      'Nee, {right}.', 'Eigentlich {right}, nicht {wrong}.', 'Nicht ganz, ich heiße {right}.', 'Sie haben {wrong} gesagt, aber ich heiße {right}.',
      'Nein, nein, {right}!', 'Ich bin nicht {wrong}, sondern {right}.', 'Nicht {wrong} – {right}.', 'Falsch verstanden, {right}.', 'Nein, es ist {right}, nicht {wrong}.',
      'Nein, nicht {wrong} sondern {right}', 'Hm, nicht {wrong}, sondern eher {right}.',
    ],
  },
  fr: {
    pairs: [['Ghislaine', 'Guislaine'], ['Mathilde', 'Matilde'], ['Raphaël', 'Rafaël'], ['Danielle', 'Daniele'], ['Frédéric', 'Frederik']],
    templates: [
      'Non, pas {wrong}, {right}.', 'Pas {wrong} mais {right}.', "C'est {right}, pas {wrong}.", '{wrong} ? Non, {right}.', "Non, je m'appelle {right}, pas {wrong}.",
      "Ce n'est pas {wrong}, c'est {right}.", "Euh, non, c'est {right}.", "Pas tout à fait, c'est {right}.", "Je ne m'appelle pas {wrong}, je m'appelle {right}.",
      'Non non, {right}.', "Moi c'est {right}, pas {wrong}.", "Vous avez dit {wrong}, mais c'est {right}.", "En fait, c'est {right}.", 'Non, {right}, et pas {wrong}.',
      'Pas {wrong}, non : {right}.', 'Non, pas {wrong} mais plutôt {right}.',
    ],
  },
  es: {
    pairs: [['Beatriz', 'Beatris'], ['Javier', 'Xavier'], ['Gonzalo', 'Gonsalo'], ['Isabel', 'Isabela'], ['Raquel', 'Rakel']],
    templates: [
      'No, {wrong} no, {right}.', 'No es {wrong}, es {right}.', 'No {wrong}, sino {right}.', 'Es {right}, no {wrong}.', '¿{wrong}? No, {right}.',
      'No me llamo {wrong}, me llamo {right}.', 'Eh, no, soy {right}.', 'Me llamo {right}, no {wrong}.', 'No, no, {right}.', 'En realidad es {right}.',
      'No exactamente, es {right}.', 'Dijiste {wrong}, pero es {right}.', 'Que no, que soy {right}.', 'No soy {wrong}, soy {right}.', 'Mi nombre es {right}, no {wrong}.',
      'No, no es {wrong}, sino {right}.',
    ],
  },
  zh: {
    pairs: [['王晓红', '王小红'], ['李静', '李晶'], ['张磊', '张蕾'], ['陈明', '陈敏'], ['周婷', '周亭']],
    templates: [
      '不是{wrong}，是{right}。', '不是{wrong}，而是{right}。', '我不叫{wrong}，我叫{right}。', '{wrong}？不对，是{right}。', '是{right}，不是{wrong}。',
      '嗯，不是{wrong}，是{right}。', '你说错了，我叫{right}。', '不对，我是{right}。', '我叫{right}，不叫{wrong}。', '不是{wrong}啦，是{right}。',
      '错了错了，是{right}。', '其实我叫{right}，不是{wrong}。', '我的名字是{right}，不是{wrong}。', '呃，不是{wrong}，我叫{right}。', '不对不对，{right}。',
      '不是{wrong}是{right}', '不是{wrong}嘛，是{right}呀。', '啊，不是{wrong}，是{right}啦。',
    ],
  },
};
