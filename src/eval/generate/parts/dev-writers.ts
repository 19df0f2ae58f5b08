import type { Language } from '../../../config/index.js';
import type { LanguageParts } from './types.js';

/**
 * Development phrasings of the kinds a new writer of visits produces (issue 23, fourth round):
 * introductions inside longer sentences and after hedges, the conditional "I'd be", Chinese
 * introductions with a humble "I" or without one; agreement that is no plain yes word ("the very
 * same", "parfaitement", "clarísimo", "没有错"); an intensifier in "that's me"; corrections with a
 * near miss or a hedge. Added to dev.ts's lists like dev-more.ts; kept out of heldout.ts.
 */
export const DEV_WRITERS: Record<Language, Partial<LanguageParts>> = {
  en: {
    intros: ["Hi there, the name's {name}, I'm here for the two o'clock.", "Well, I guess I'm {name}, the new volunteer.", "Hello, I'd be {name}, we spoke on the phone."],
    yes: ['The very same.', "Yes, that's correct.", "That's the name, yes."],
    thatsMe: ["Yep, that's me alright.", "That's what they call me."],
    notXY: ['Nope, {right}, not {wrong}.', "Wrong one, I'm {right}."],
    unrelated: ['Whatever you like.'],
  },
  de: {
    intros: ['Hallo, ich bin der {name}, ich hab um drei einen Termin.', 'Äh, hallo, ich wäre dann {name}, die Vertretung.', 'Tja, also, ich heiße {name} und bringe die Unterlagen.'],
    yes: ['Jawohl, genau so ist es.', 'Richtig erkannt.', 'Ja, derselbe.'],
    thatsMe: ["Ja, ich bin's selbst.", "Ich selber bin's."],
    notXY: ['Nö, {right}, nicht {wrong}.', 'Knapp daneben, ich heiße {right}.'],
    unrelated: ['Ist doch egal.'],
  },
  fr: {
    intros: ["Bonjour, alors moi c'est {name}, je viens pour le rendez-vous de quinze heures.", 'Euh, bonjour, je serais donc {name}, pour le rendez-vous.', "Ben, je m'appelle {name}, et je suis un peu en avance."],
    yes: ['Parfaitement.', 'Affirmatif.', "C'est exactement ça."],
    thatsMe: ["C'est bien moi.", "C'est comme ça qu'on m'appelle."],
    notXY: ["Non, moi c'est {right}.", "C'est {right} en fait, pas {wrong}."],
    unrelated: ['Peu importe, vraiment.'],
  },
  es: {
    intros: ['Hola, buenas, me llamo {name} y vengo por lo de la entrevista.', 'Pues nada, soy {name}, la sobrina de la señora Marta.', 'A ver, yo sería {name}, el del turno de tarde.'],
    yes: ['Eso es, tal cual.', 'Correctísimo.', 'Exactamente eso.'],
    thatsMe: ['Sí, soy yo mismo.', 'Así me llamo.'],
    notXY: ['Nada de {wrong}, soy {right}.', 'Casi, es {right}.'],
    unrelated: ['Da igual.'],
  },
  zh: {
    intros: ['您好，在下{name}，来找陈经理的。', '你好，鄙人{name}，约了三点。', '哎，你好，我是新来的，我叫{name}。'],
    yes: ['没有错。', '嗯，你说得对。', '是这样的。'],
    thatsMe: ['就是我本人。', '对对，正是在下。'],
    notXY: ['不是{wrong}哦，我是{right}。', '搞错了，应该是{right}。'],
    unrelated: ['随便你怎么叫。'],
  },
};
