import type { Language } from '../../../../src/config/index.js';

/**
 * Phrasings a new writer of visits produces, written for this battery before any fix (issue 23,
 * fourth round): introductions inside longer sentences, after fillers and hedges, double names,
 * names that are also words, names with particles, Chinese introductions without 我; "that's
 * me" with an intensifier and with the name attached; yeses that are no names; answers to "what's
 * your name?" that give none; corrections and respellings.
 */
export interface WriterBattery {
  /** Said unprompted, or to "what's your name?": [text, the name]. */
  intros: readonly [string, string][];
  /** To "what's your name?", no name: "whatever you like". */
  noName: readonly string[];
  /** Near spellings the robot asks about: [known, said]. */
  pairs: readonly [string, string][];
  /** A yes to "Is your name {known}?", maybe with the name: confirms the known person. */
  yes: readonly string[];
  /** To "Is your name {wrong}?", said {right}: the right name, a new person. */
  corrections: readonly string[];
  /** Spelled out: [known, said, answer to "Is your name {known}?"]: the said name, a new person. */
  spelled: readonly [string, string, string][];
}

export const WRITERS: Record<Language, WriterBattery> = {
  en: {
    intros: [
      ["Hi there, the name's Pedro, I'm here for the 3 o'clock.", 'Pedro'],
      ["Morning! So, um, I'm Trevor, I've got a delivery for the second floor.", 'Trevor'],
      ["Well, I guess I'm Martha, Martha Greene, the new volunteer.", 'Martha Greene'],
      ["Hello, hello, sorry I'm late, I'm Rose, we spoke on the phone.", 'Rose'],
      ["Hey, I'm Hope, from the design team.", 'Hope'],
      ["Good afternoon, Hendrik van der Berg, I'm expected at reception.", 'Hendrik van der Berg'],
      ["Yeah hi, it's Mary Ann, Mary Ann Cooper.", 'Mary Ann Cooper'],
      ["Uh, hi, I think I'm on the list, I'm Grace.", 'Grace'],
      ["Hi robot, folks call me Buddy, but my name's Robert.", 'Robert'],
      ["Excuse me, hi, Dawn Mitchell, here to see the dentist.", 'Dawn Mitchell'],
      ["Oh hi! I'm Summer, the intern, first day today.", 'Summer'],
      ["Right, okay, so my name is Angelica de la Cruz and I have a parcel.", 'Angelica de la Cruz'],
      ['hi im walter i have a meeting at ten', 'Walter'],
    ],
    noName: ['Whatever you like.', "It doesn't matter, really.", 'Call me whatever you want.', "I'd rather not say.", "Nobody special, I'm just looking around."],
    pairs: [['Megan', 'Meghan'], ['Brian', 'Bryan'], ['Lindsay', 'Lindsey'], ['Phillip', 'Philip']],
    yes: [
      "Yes, {known}, right.", "That's correct.", "Yep, that's me alright, {known}.", "Yes, that's correct.", "Sure is.", "That's me, {known}.",
      "Uh huh, {known}, that's me.", "Yeah, you remembered, it's me.", "Guilty as charged.", "You got me, yes.", "Yes indeed, {known} it is.", "The very same.",
    ],
    corrections: [
      "Nope, {right}, not {wrong}.", "Not {wrong}, {right}, please.", "It's {right} actually, you misheard.", "Wrong one, I'm {right}.",
      "No, it's {right}. {right}, not {wrong}.", "Hmm, not really, it's {right}.", "No, {right} is my name.",
    ],
    spelled: [
      ['John', 'Jon', 'No, Jon, without the h.'], ['Anne', 'Ann', "It's Ann, without an e."], ['Phillip', 'Philip', 'No, Philip with one l.'],
    ],
  },
  de: {
    intros: [
      ['Hallo, ich bin der Tobias, ich hab um drei einen Termin beim Chef.', 'Tobias'],
      ['Tja, also, ich heiße Ernst, Ernst Köhler, und ich bringe die Unterlagen.', 'Ernst Köhler'],
      ['Guten Morgen, Hans-Jürgen Vogel mein Name, ich komme wegen der Heizung.', 'Hans-Jürgen Vogel'],
      ['Äh, hallo, ich wäre dann die Rosa, die neue Kollegin.', 'Rosa'],
      ['Servus, ich bin der Frank, der Hausmeister von nebenan.', 'Frank'],
      ['Also ich bin die Anna Lena, wir hatten telefoniert.', 'Anna Lena'],
      ['Grüß Gott, mein Name ist Konstantin von Hohenberg, ich werde erwartet.', 'Konstantin von Hohenberg'],
      ['Hallo, ähm, ich heiße Sonja, glaub ich bin hier richtig.', 'Sonja'],
      ['Moin, Jens hier, ich soll was abholen.', 'Jens'],
      ['Entschuldigung, ich bin Frau Winter, ich habe einen Termin um zehn.', 'Winter'],
      ['Na, ich bin der Wolf, der Neue aus der Buchhaltung.', 'Wolf'],
      ['hallo ich heiße marlene und suche das büro', 'Marlene'],
    ],
    noName: ['Wie Sie wollen.', 'Ist doch egal.', 'Das tut nichts zur Sache.', 'Nennen Sie mich, wie Sie wollen.', 'Möchte ich lieber nicht sagen.'],
    pairs: [['Mareike', 'Mareicke'], ['Claudia', 'Klaudia'], ['Bernd', 'Berndt'], ['Annika', 'Anika']],
    yes: [
      "Ich selber bin's, die {known}.", "Ja, ich bin's selbst.", 'Genau so.', 'Ja, {known}, genau.', 'Ja, so heiße ich.', 'Richtig erkannt.',
      "Jawohl, {known}, das bin ich.", 'Ja, das ist korrekt.', "Ja, ich bin's, die {known}.", 'Genau die bin ich.', 'Ja freilich, {known}.', 'Stimmt genau.',
    ],
    corrections: [
      'Nö, {right}, nicht {wrong}.', 'Knapp, aber ich heiße {right}.', 'Nicht {wrong}, {right} bitte.', 'Nein, {right} heiße ich.',
      '{right} heiße ich, nicht {wrong}.', 'Ne, da haben Sie sich verhört, {right}.', 'Nein, nein, das ist falsch, ich bin {right}.',
    ],
    spelled: [
      ['Mathias', 'Matthias', 'Nein, Matthias mit zwei t.'], ['Claudia', 'Klaudia', 'Nein, Klaudia mit K.'], ['Bernd', 'Berndt', 'Nein, Berndt mit dt am Ende.'],
    ],
  },
  fr: {
    intros: [
      ["Bonjour, alors moi c'est Victoire, je viens pour le rendez-vous de quinze heures.", 'Victoire'],
      ["Euh, bonjour, je suis Rose-Marie, la nouvelle stagiaire.", 'Rose-Marie'],
      ["Salut, bon, je m'appelle Marc-Antoine, je livre un colis.", 'Marc-Antoine'],
      ["Bonjour madame, Hélène de Villiers, j'ai rendez-vous avec le directeur.", 'Hélène de Villiers'],
      ["Alors voilà, je suis Jean Luc, Jean Luc Moreau, on s'est écrit.", 'Jean Luc Moreau'],
      ["Bonsoir, moi, c'est Clémence, je cherche la salle de réunion.", 'Clémence'],
      ["Ben, je m'appelle Céleste, et je suis un peu perdue.", 'Céleste'],
      ["Bonjour, je me présente, Aurore Lambert, de l'agence.", 'Aurore Lambert'],
      ["Coucou, c'est Margot, je viens voir ma sœur.", 'Margot'],
      ["Hum, bonjour, on m'appelle Fanfan mais mon prénom c'est Françoise.", 'Françoise'],
      ["Bonjour, je suis Olivier Dupont, je viens de la part de Mme Garnier.", 'Olivier Dupont'],
      ['bonjour je suis gaspard je viens pour la réunion', 'Gaspard'],
    ],
    noName: ['Comme vous voulez.', "Peu importe, vraiment.", "Ça n'a pas d'importance.", 'Appelez-moi comme vous voulez.', "Je préfère ne pas le dire."],
    pairs: [['Ghislaine', 'Guislaine'], ['Mathilde', 'Matilde'], ['Danielle', 'Daniele'], ['Frédéric', 'Frederik']],
    yes: [
      "C'est bien moi, {known}.", 'Tout à fait.', "Oui, {known}, c'est ça.", "C'est exactement ça.", "Oui, c'est mon nom.", "C'est bien ça, oui.",
      "Oui oui, c'est moi, {known}.", 'Affirmatif.', "Eh oui, {known}, en chair et en os.", "C'est moi-même, {known}.", 'Parfaitement.', "Oui, c'est tout à fait ça.",
    ],
    corrections: [
      "Non, moi c'est {right}.", "Presque ! {right}.", "Ah non, pas du tout, {right}.", "C'est {right} en fait, pas {wrong}.",
      "Non, on dit {right}.", "Vous vous trompez, je m'appelle {right}.", "Non, {right}, pas {wrong}, hein.",
    ],
    spelled: [
      ['Matthieu', 'Mathieu', 'Non, Mathieu avec un seul t.'], ['Danielle', 'Daniele', 'Non, Daniele, avec un seul l.'], ['Frédéric', 'Frederik', 'Non, Frederik avec un k.'],
    ],
  },
  es: {
    intros: [
      ['Hola, buenas, me llamo Paz y vengo por lo de la entrevista.', 'Paz'],
      ['Pues nada, soy Rocío, la sobrina de la señora Marta.', 'Rocío'],
      ['Buenas tardes, Juan Carlos Ortega, tengo cita a las cinco.', 'Juan Carlos Ortega'],
      ['Eh, hola, yo soy Lucía de la Cruz, vengo a recoger un paquete.', 'Lucía de la Cruz'],
      ['Hola, ¿qué tal? Soy María José, la nueva.', 'María José'],
      ['Buenos días, mi nombre es Álvaro del Río y vengo de la agencia.', 'Álvaro del Río'],
      ['Mira, yo me llamo Soledad, pero todos me dicen Sole.', 'Soledad'],
      ['Hola, bueno, soy Consuelo, vengo a ver a mi madre.', 'Consuelo'],
      ['A ver, me llamo Amparo y busco la recepción.', 'Amparo'],
      ['¡Hola! Aquí Rafael, el técnico de la fotocopiadora.', 'Rafael'],
      ['Buenas, soy yo, Nieves, la de la limpieza.', 'Nieves'],
      ['hola me llamo andrés y vengo a la reunión', 'Andrés'],
    ],
    noName: ['Como quieras.', 'Da igual.', 'Eso no importa.', 'Llámame como quieras.', 'Prefiero no decirlo.'],
    pairs: [['Beatriz', 'Beatris'], ['Javier', 'Xavier'], ['Gonzalo', 'Gonsalo'], ['Isabel', 'Isabela']],
    yes: [
      'Sí, soy yo mismo, {known}.', 'Eso es.', 'Sí, {known}, correcto.', 'Así me llamo.', 'Sí, ese mismo.', 'Exactamente eso.',
      'Sí, sí, {known}, soy yo.', 'Efectivamente, {known}.', 'Pues sí, soy yo, {known}.', 'Correctísimo.', 'Sí, señora, soy yo.', 'Claro que sí, soy {known}.',
    ],
    corrections: [
      'Casi, {right}.', 'No, que me llamo {right}.', 'No, mi nombre es {right}.', 'Nada de {wrong}, soy {right}.',
      'Te has equivocado, soy {right}.', 'No, no, {right}, no {wrong}.', 'Que no, mujer, {right}.',
    ],
    spelled: [
      ['Ximena', 'Jimena', 'No, Jimena con jota.'], ['Isabel', 'Isabela', 'No, Isabela, con una a al final.'], ['Gonzalo', 'Gonsalo', 'No, Gonsalo, con ese.'],
    ],
  },
  zh: {
    intros: [
      ['叫我小王就行。', '小王'],
      ['你好，免贵姓李，李文静。', '李文静'],
      ['您好，在下欧阳明，来找陈经理的。', '欧阳明'],
      ['嗯，那个，我姓司马，司马光明。', '司马光明'],
      ['你好，文静，我叫文静，今天来面试。', '文静'],
      ['大家叫我阿杰就好。', '阿杰'],
      ['你好，鄙人张国强，约了三点。', '张国强'],
      ['哎，你好，我是新来的，我叫赵雨桐。', '赵雨桐'],
      ['您好，我是快递员，姓刘，刘海。', '刘海'],
      ['喊我老周就行了。', '老周'],
      ['你好我是欧阳娜娜我来拿文件', '欧阳娜娜'],
      ['早上好，小的名叫马超，来送货。', '马超'],
    ],
    noName: ['随便你怎么叫。', '都行。', '叫什么都可以。', '名字不重要。', '不想说。'],
    pairs: [['王晓红', '王小红'], ['刘德华', '刘得华'], ['陈丽娟', '陈莉娟'], ['黄志明', '黄智明']],
    yes: ['没错', '对，就是这个名字。', '是这样的。', '就是我，{known}。', '嗯，你说得对。', '对对，正是在下。', '对，{known}就是我。', '没错没错，是我本人。', '对，我就是{known}。', '是的，没有错。', '你说对了。', '嗯，对，就是我呀。'],
    corrections: ['不对，{right}。', '叫错了，我是{right}。', '不是{wrong}哦，我是{right}。', '搞错了，应该是{right}。', '名字不对，是{right}。', '错啦，{right}才对。', '不是这个，是{right}。'],
    spelled: [['王晓红', '王小红', '不对，是大小的小，王小红。'], ['陈丽娟', '陈莉娟', '不是美丽的丽，是茉莉的莉，陈莉娟。']],
  },
};

/** "What's your name?" as the robot asks it, per language. */
export const ASK_NAME: Record<Language, string> = {
  en: "What's your name?",
  de: 'Wie heißt du?',
  fr: "Comment tu t'appelles ?",
  es: '¿Cómo te llamas?',
  zh: '你叫什么名字？',
};
