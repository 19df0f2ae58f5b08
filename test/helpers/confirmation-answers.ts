import type { Language } from '../../src/config/index.js';

/**
 * Answers to "Is your name Mariana?" that hold no name, composed from parts per language: a
 * filler, an answer (yes, no, "that's me", or something unrelated), and a closer. Used by the
 * test that no confirmation answer ever becomes a name, and by the visit generator. The parts are
 * written as people answer, not from the robot's lexicons (src/people/answers.ts, not-names.ts).
 */

export type AnswerKind = 'yes' | 'no' | 'unclear';

export interface ConfirmationParts {
  /** Said before the answer ("Um,", "Ähm,"); '' is no filler. */
  fillers: readonly string[];
  yes: readonly string[];
  no: readonly string[];
  /** "That's me" and its equivalents: a yes. */
  thatsMe: readonly string[];
  /** Neither yes nor no, and no name: a question back, a remark. */
  unrelated: readonly string[];
  /** Said after a yes or a no ("thanks", "that's right"); '' is none. */
  closers: readonly string[];
}

export const CONFIRMATION_PARTS: Record<Language, ConfirmationParts> = {
  en: {
    fillers: ['', 'Um,', 'Uh,', 'Well,', 'Oh,', 'Hmm,', 'Ah,', 'So,', 'Erm,'],
    yes: ['Yes.', 'Yeah.', 'Yep!', 'Yup.', 'Sure.', 'Correct.', 'Exactly.', "That's right.", 'Of course.', 'Absolutely.', 'Uh-huh.', 'Yes, I am.', 'I think so.'],
    no: ['No.', 'Nope.', 'Nah.', "No, that's not me.", "No, I'm not.", "That's wrong.", 'Not really.', "I'm afraid not.", 'No, sorry.'],
    thatsMe: ["That's me.", "Yeah, that's me.", 'It is me.', "That's my name.", 'That would be me.', 'Yes, it is.', "You've got it."],
    unrelated: ['What did you say?', 'Sorry, could you repeat that?', 'Why do you ask?', 'Where is the coffee machine?', 'I am here for a meeting.', 'Is it cold outside?', 'Hang on a second.'],
    closers: ['', 'Thanks.', 'Thank you.', "That's it.", 'Right.'],
  },
  de: {
    fillers: ['', 'Ähm,', 'Äh,', 'Also,', 'Naja,', 'Hm,', 'Oh,', 'Ach,', 'Tja,'],
    yes: ['Ja.', 'Jawohl.', 'Genau.', 'Richtig.', 'Stimmt.', 'Ja, genau.', 'Klar.', 'Natürlich.', 'Ja, richtig.', 'Jep.', 'Korrekt.', 'Ja, das stimmt.'],
    no: ['Nein.', 'Nee.', 'Nein, falsch.', 'Das stimmt nicht.', 'Nein, leider nicht.', 'Bin ich nicht.', 'Nö.', 'Nein, das bin ich nicht.'],
    thatsMe: ['Das bin ich.', 'Ja, das bin ich.', 'Ja, bin ich.', 'Genau, das bin ich.', 'Ich bin das.', 'Das ist mein Name.'],
    unrelated: ['Wie bitte?', 'Was hast du gesagt?', 'Warum fragst du?', 'Wo ist der Aufzug?', 'Ich habe einen Termin.', 'Moment mal.', 'Kannst du das wiederholen?'],
    closers: ['', 'Danke.', 'Danke schön.', 'Genau.', 'Ja.'],
  },
  fr: {
    fillers: ['', 'Euh,', 'Ben,', 'Bah,', 'Alors,', 'Hum,', 'Oh,', 'Bon,', 'Eh bien,'],
    yes: ['Oui.', 'Ouais.', 'Exactement.', "C'est ça.", 'Tout à fait.', 'Bien sûr.', 'Oui, oui.', 'Absolument.', "C'est exact.", 'Effectivement.', 'Voilà.'],
    no: ['Non.', "Non, ce n'est pas moi.", 'Pas du tout.', "C'est faux.", 'Non, pas vraiment.', 'Non, désolé.', 'Nan.', 'Non, je ne suis pas elle.'],
    thatsMe: ["C'est moi.", "Oui, c'est moi.", "C'est bien moi.", "Oui, c'est bien ça.", "C'est mon prénom.", 'Moi, oui.'],
    unrelated: ['Pardon ?', 'Vous pouvez répéter ?', 'Pourquoi ?', 'Où sont les toilettes ?', "J'ai un rendez-vous.", 'Attends une seconde.', 'Quoi ?'],
    closers: ['', 'Merci.', 'Merci beaucoup.', "C'est ça.", 'Voilà.'],
  },
  es: {
    fillers: ['', 'Eh,', 'Pues,', 'Bueno,', 'Mmm,', 'Ah,', 'Oye,', 'Este,', 'A ver,'],
    yes: ['Sí.', 'Claro.', 'Exacto.', 'Correcto.', 'Así es.', 'Por supuesto.', 'Sí, sí.', 'Vale.', 'Efectivamente.', 'Eso es.', 'Cierto.', 'Sí, claro.'],
    no: ['No.', 'No, no soy yo.', 'Para nada.', 'No, te equivocas.', 'Qué va.', 'No, lo siento.', 'No es correcto.', 'Nada de eso.'],
    thatsMe: ['Soy yo.', 'Sí, soy yo.', 'Esa soy yo.', 'Ese soy yo.', 'Yo soy.', 'Sí, ese es mi nombre.', 'Claro que sí, soy yo.'],
    unrelated: ['¿Perdón?', '¿Cómo?', '¿Puedes repetir?', '¿Por qué lo preguntas?', '¿Dónde está el baño?', 'Tengo una reunión.', 'Un momento.'],
    closers: ['', 'Gracias.', 'Muchas gracias.', 'Eso es.', 'Vale.'],
  },
  zh: {
    fillers: ['', '嗯，', '呃，', '那个，', '哦，', '啊，'],
    yes: ['是的。', '对。', '对的。', '没错。', '是啊。', '嗯，对。', '当然。', '正确。', '对对对。'],
    no: ['不是。', '不对。', '不是的。', '错了。', '不，不是我。', '你搞错了。', '没有。'],
    thatsMe: ['是我。', '就是我。', '对，是我。', '是的，是我。', '正是我。', '那就是我。'],
    unrelated: ['什么？', '你说什么？', '请再说一遍。', '为什么问这个？', '洗手间在哪里？', '我来开会。', '等一下。'],
    closers: ['', '谢谢。', '谢谢你。', '对。', '好的。'],
  },
};

export interface ComposedAnswer {
  text: string;
  language: Language;
  /** What the answer means by construction. */
  kind: AnswerKind;
}

/** A small seeded generator (a linear congruential one): the same seed, the same answers. */
function seeded(seed: number): (n: number) => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

const LANGS: readonly Language[] = ['en', 'de', 'fr', 'es', 'zh'];

/**
 * `count` answers, the languages taken in turn: a filler, a yes / no / "that's me" / unrelated
 * answer, and (for a yes or no) a closer. Spaces follow the script (none in Chinese).
 */
export function composeConfirmationAnswers(count: number, seed: number): ComposedAnswer[] {
  const pick = seeded(seed);
  const one = <T>(items: readonly T[]): T => items[pick(items.length)]!;
  const out: ComposedAnswer[] = [];
  for (let i = 0; i < count; i++) {
    const language = LANGS[i % LANGS.length]!;
    const parts = CONFIRMATION_PARTS[language];
    const kinds = [['yes', parts.yes], ['yes', parts.thatsMe], ['no', parts.no], ['unclear', parts.unrelated]] as const;
    const [kind, answers] = kinds[pick(kinds.length)]!;
    const closer = kind === 'unclear' ? '' : one(parts.closers);
    const filler = one(parts.fillers);
    // After a filler and its comma, the answer goes on in lower case ("Oh, das bin ich"), "I" aside.
    const answer = one(answers).replace(/^(\p{Lu})(?!['’ ])/u, (c) => (filler ? c.toLowerCase() : c));
    const pieces = [filler, answer, closer].filter(Boolean);
    out.push({ text: pieces.join(language === 'zh' ? '' : ' '), language, kind });
  }
  return out;
}
