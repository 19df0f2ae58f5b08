import type { Language } from '../../../config/index.js';
import type { LanguageParts } from './types.js';

/**
 * Development phrasings of the three kinds issue 23's held-out run failed on, written without
 * reading it: corrections of a name the robot used ("not X but Y", "X? no, Y", "it's Y, not X", a
 * hedge before Y), yes with interjections and particles around it, and introductions with the
 * job said as a trade or profession ("von Beruf", "by trade", "de profession", "职业是"). Added to
 * dev.ts's lists like dev-more.ts; kept out of heldout.ts like the rest of the development parts.
 */
export const DEV_UNSCRIPTED: Record<Language, Partial<LanguageParts>> = {
  en: {
    near: [{ known: 'Megan', said: 'Meghan' }, { known: 'Brian', said: 'Bryan' }, { known: 'Lindsay', said: 'Lindsey' }],
    introsWithJob: ["I'm {name}, a carpenter by trade, and I work at {employer}.", 'My name is {name}; by profession I am {job}.', "{name}, I'm {job} by trade."],
    yes: ['Uh, yeah.', 'Oh, yes!', 'Mm, yes, correct.', 'Er, yeah, right.', "Ah yes, that's right."],
    thatsMe: ["Uh, yeah, that's me.", "Oh, that's me!"],
    notXY: ["{wrong}? No, {right}.", "It's {right}, not {wrong}.", "You said {wrong}, but it's {right}.", "Hmm, not {wrong}, it's {right} actually.", 'I am {right}, not {wrong}.'],
  },
  de: {
    near: [{ known: 'Bernd', said: 'Berndt' }, { known: 'Claudia', said: 'Klaudia' }, { known: 'Annika', said: 'Anika' }],
    introsWithJob: ['Ich bin {name}, ich bin von Beruf {job}.', 'Ich heiße {name}, von Beruf bin ich {job}, bei {employer}.', 'Mein Name ist {name} und ich bin {job} von Beruf.',
      'Hallo, {name} mein Name, von Beruf {job}.', 'Von Beruf bin ich {job} und ich heiße {name}.'],
    yes: ['Äh, ja.', 'Ähm ja', 'Ja, ja, genau.', 'Oh, ja!', 'Mhm, ja, stimmt.'],
    thatsMe: ['Ach ja, das bin ich.', 'Äh, ja, das bin ich.'],
    notXY: ['Nein, nicht {wrong}, sondern {right}.', 'Ich heiße nicht {wrong}, sondern {right}.', '{wrong}? Nein, {right}.', 'Mein Name ist {right}, nicht {wrong}.',
      'Sie haben {wrong} gesagt, aber ich heiße {right}.', 'Äh, nicht {wrong}, sondern {right}.'],
  },
  fr: {
    near: [{ known: 'Frédéric', said: 'Frederik' }, { known: 'Mathilde', said: 'Matilde' }, { known: 'Danielle', said: 'Daniele' }],
    introsWithJob: ["Je m'appelle {name}, je suis {job} de profession.", 'Je suis {name}, de profession {job}, chez {employer}.', "Moi c'est {name}, {job} de métier."],
    yes: ['Euh, oui.', 'Euh oui', 'Ben oui.', 'Oh, oui !', 'Hum, oui, exact.'],
    thatsMe: ["Bah oui, c'est moi.", "Ah oui, c'est moi."],
    notXY: ['{wrong} ? Non, {right}.', "Non, je m'appelle {right}, pas {wrong}.", "Vous avez dit {wrong}, mais c'est {right}.", "Je ne m'appelle pas {wrong}, je m'appelle {right}.", 'Non, pas {wrong} mais plutôt {right}.'],
  },
  es: {
    near: [{ known: 'Beatriz', said: 'Beatris' }, { known: 'Gonzalo', said: 'Gonsalo' }, { known: 'Isabel', said: 'Isabela' }],
    introsWithJob: ['Me llamo {name}, soy {job} de profesión.', 'Soy {name}, de profesión {job}, en {employer}.', 'Mi nombre es {name} y soy {job} de oficio.'],
    yes: ['Eh, sí.', 'Eh sí', 'Pues sí.', 'Mmm, sí, correcto.', 'Ay, sí.'],
    thatsMe: ['Ah, sí, soy yo.', 'Sí, sí, soy yo.'],
    notXY: ['¿{wrong}? No, {right}.', 'No es {wrong}, es {right}.', 'Me llamo {right}, no {wrong}.', 'Dijiste {wrong}, pero es {right}.', 'No me llamo {wrong}, me llamo {right}.'],
  },
  zh: {
    near: [{ known: '王晓红', said: '王小红' }, { known: '刘德华', said: '刘得华' }, { known: '陈丽娟', said: '陈莉娟' }],
    introsWithJob: ['我叫{name}，职业是{job}。', '我是{name}，在{employer}做{job}工作。', '你好，我叫{name}，我的职业是{job}。', '我叫{name}，是做{job}的。'],
    yes: ['嗯对', '啊，是的。', '呃，没错。', '对呀。', '是的呀', '哦对对对。', '对的吧'],
    thatsMe: ['哦，是我。', '是我啊', '嗯是我', '啊对，就是我。'],
    notXY: ['不是{wrong}，而是{right}。', '{wrong}？不对，是{right}。', '是{right}，不是{wrong}。', '我叫{right}，不叫{wrong}。', '呃，不是{wrong}，我叫{right}。'],
  },
};
