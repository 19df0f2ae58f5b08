import { isInterjection, rememberRecent } from '../language/index.js';
import { zhCore } from './interjections.js';

/**
 * Yes or no to "Is your name Alice?", in the languages the robot speaks. Pure and rule-based:
 * answers are short and formulaic, and a wrong "yes" would merge two people, so a negation
 * anywhere wins over agreement ("yes... no, not really" is a no), and anything else is unclear.
 */

export type Answer = 'yes' | 'no' | 'unclear';

/** Matched on folded text (lower case, no accents, apostrophes as "'"), at word boundaries. */
const YES_WORDS = [
  // en
  'yes', 'yeah', 'yea', 'yep', 'yup', 'ya', 'aye', 'sure', 'correct', 'right', 'exactly', 'indeed', 'absolutely', 'definitely',
  'affirmative', 'certainly', 'of course', 'uh huh', 'mhm', 'that s me', 'thats me', 'that is me', 'it s me', 'its me', 'it is me',
  'that s right', 'thats right', 'that is right', 'you got it', 'spot on', 'bingo', 'that s my name', 'that is my name', 'yes i am',
  'i am indeed', 'you re right', 'you are right', 'true', 'ok', 'okay', 'i think so', 'i believe so', 'that would be me',
  'that s the one', 'guilty', 'yes sir', 'totally', 'precisely', 'uh huh', 'mm hmm', 'yes it is', 'you ve got it', 'you have got it',
  'sure is', 'that s the name', 'that s what i m called', 'that s what they call me', 'that s what i go by',
  // de
  'ja', 'jawohl', 'jep', 'genau', 'richtig', 'stimmt', 'korrekt', 'klar', 'naturlich', 'sicher', 'das bin ich', 'bin ich', 'ganz genau',
  'so ist es', 'treffer', 'erraten', 'richtig geraten', 'jap', 'japp', 'jup', 'jupp', 'jo', 'jawoll', 'ganz richtig', 'das stimmt', 'ich bin s', 'bin ich', 'genau der', 'genau die',
  'ich bin das', 'ich bin s', 'ja klar', 'klar doch', 'passt', 'allerdings', 'freilich', 'das ist mein name', 'ist mein name',
  'so heisse ich', 'so heiss ich', 'so nennt man mich', 'richtig erkannt', 'gut erkannt',
  // fr
  'oui', 'ouais', 'ouaip', 'si', 'exact', 'exactement', 'c est ca', 'c est moi', 'tout a fait', 'bien sur', 'voila', 'absolument',
  'effectivement', 'c est bien ca', 'en effet', 'c est exact', 'c est bien moi', 'tout juste', 'je crois', 'c est juste', 'bien vu',
  'mais oui', 'carrement', 'evidemment', 'c est mon prenom', 'c est mon nom', 'gagne', 'bien devine',
  'parfaitement', 'affirmatif', 'certainement', 'c est bien mon nom', 'c est bien mon prenom', 'en chair et en os',
  'c est comme ca que je m appelle', 'je m appelle comme ca', 'c est comme ca qu on m appelle',
  // es
  'claro', 'correcto', 'exacto', 'soy yo', 'eso es', 'efectivamente', 'por supuesto', 'asi es', 'vale', 'esa soy yo', 'ese soy yo',
  'yo soy', 'es correcto', 'afirmativo', 'asi me llamo', 'me llamo asi', 'asi me llaman', 'asi me dicen', 'acertaste', 'atinaste', 'adivinaste', 'has acertado', 'es mi nombre', 'ese es mi nombre', 'exactamente', 'cierto', 'aja', 'desde luego', 'eso mismo', 'tal cual', 'justo', 'sip',
];

/**
 * A yes only as the end of a short answer: "Yes, I am." but not "I am here for a meeting", "Moi."
 * but not "Moi, je cherche l'accueil".
 */
const YES_AT_END = ['i am', 'it is', 'moi', 'c est moi', 'ich bin es', 'that s it'];
/** Spanish says a yes word in the superlative: "Correctísimo", "Clarísimo", "Exactísimo". */
const SUPERLATIVE_YES = / (?:clar|ciert|correct|exact|just)isim[oa] /;
/**
 * A yes only as the start of the answer (interjections aside): "Doch, das bin ich", not the
 * particle of "Ist doch egal"; "The very same.", "Dieselbe.", "Lui-même.", "La misma.", not "I'd
 * like the same as last time" or "C'est lui-même qui m'envoie", which would merge two people.
 */
const YES_AT_START = ['doch', 'the very same', 'the same', 'derselbe', 'dieselbe', 'ebender', 'ebendie', 'lui meme', 'elle meme', 'el mismo', 'la misma', 'el mismisimo', 'la mismisima'];
function startsWithYes(folded: string): boolean {
  const words = folded.trim().split(' ');
  const lead = ` ${words.slice(words.findIndex((w) => !isInterjection(w))).join(' ')} `;
  return YES_AT_START.some((p) => lead.startsWith(` ${p} `));
}
/** A yes only when it is the whole answer (fillers aside): "Eso." but not "¿Qué es eso?". */
const YES_ALONE = ['eso'];
/** Said after an answer and no part of it: "It is, thanks.", "I am, actually.", "C'est moi, hein." */
const TAIL = new Set(['thanks', 'thank', 'you', 'then', 'actually', 'indeed', 'yes', 'yeah', 'danke', 'ja', 'doch', 'schon', 'wohl', 'halt', 'merci', 'hein', 'quoi', 'oui', 'gracias', 'si', 'pues', 'eh']);
function withoutTail(folded: string): string {
  const words = folded.trim().split(' ');
  while (words.length > 1 && TAIL.has(words.at(-1)!)) words.pop();
  return ` ${words.join(' ')} `;
}
/** A word that is itself a yes ("Jo", "Ja", "Sí"): in a yes, no name ("Jo, das bin ich"). */
export function isYesWord(word: string): boolean {
  return YES_WORDS.includes(foldAnswer(word).trim());
}
const SHORT_ANSWER_WORDS = 5;

/**
 * "You missed": how each language says a guess was wrong without a no ("Raté !", "Knapp daneben.",
 * "Fallaste.", "Missed it."). A denial when the answer starts with it (fillers and a no aside):
 * "Je suis perdu" is no answer, "Perdu, c'est Sofie" is one. Never the name a bare answer holds
 * (not-names.ts keeps them out of names). Words that are also given names are left out.
 */
export const MISSES: Readonly<Record<'en' | 'de' | 'fr' | 'es', readonly string[]>> = {
  en: ['misheard', 'misunderstood', 'heard wrong', 'you misheard', 'missed', 'missed it', 'wrong guess', 'wrong one', 'wrong person', 'wrong guy', 'wrong name', 'someone else', 'somebody else', 'mistake', 'error', 'nay', 'no way', 'not even close'],
  de: ['falsch verstanden', 'verhort', 'falsch gehort', 'daneben', 'knapp daneben', 'irrtum', 'verwechselt', 'verwechslung', 'vertan', 'geirrt', 'fehlanzeige', 'jemand anders', 'jemand anderes', 'falsche person', 'fehler', 'nix', 'nope', 'mitnichten'],
  fr: ['mal entendu', 'mal compris', 'rate', 'perdu', 'loupe', 'erreur', 'rien a voir', 'quelqu un d autre', 'une autre personne', 'que nenni', 'nenni', 'mauvaise pioche', 'mauvaise personne', 'pas de chance', 'negatif'],
  es: ['entendiste mal', 'oiste mal', 'escuchaste mal', 'has oido mal', 'fallaste', 'fallo', 'fallado', 'error', 'erraste', 'te equivocaste', 'equivocaste', 'frio', 'otra persona', 'nop', 'ni de broma', 'ni hablar', 'de ninguna manera', 'confundido', 'confundida', 'me confundes', 'confundes', 'confunde', 'ni', 'nones'],
};
const MISS_PHRASES = Object.values(MISSES).flat();
const MULTI_WORD_MISSES = MISS_PHRASES.filter((p) => p.includes(' ')).map((p) => p.split(' '));

const NO_WORDS = [
  // en
  'no', 'nope', 'nah', 'not', 'never', 'wrong', 'incorrect', 'negative', 'not me', 'that s not', 'thats not', 'isn t', 'isnt', 'i m not', 'im not',
  'i am not', 'don t', 'dont', 'nobody', 'not quite', 'not really', 'mistaken', 'you re wrong', 'afraid not',
  // de
  'nein', 'ne', 'nee', 'no', 'noe', 'nicht', 'falsch', 'keineswegs', 'bin ich nicht', 'stimmt nicht', 'leider nicht', 'eher nicht',
  'kein', 'keine',
  // fr
  'non', 'nan', 'pas', 'pas du tout', 'jamais', 'faux', 'c est pas', 'ce n est pas', 'pas moi', 'vous vous trompez', 'tu te trompes',
  // es
  'nunca', 'incorrecto', 'para nada', 'que va', 'nada de eso', 'te equivocas', 'se equivoca', 'equivocado', 'equivocada',
];

/** Idioms with a negation word that do not negate the answer. */
const NOT_NEGATIONS = ['no problem', 'no worries', 'no doubt', 'not bad', 'pas de probleme', 'kein problem', 'no hay problema', 'pourquoi pas'];
/** Hedges and sarcasm that hold a yes-word but say no yes: "Na ja, wo finde ich einen Kaffee?" answers nothing. */
const NOT_AFFIRMATIONS = ['na ja', 'ja mei', 'ja nun', 'ouais bon'];
const NOT_ANSWERS = [...NOT_NEGATIONS, ...NOT_AFFIRMATIONS];

/**
 * "That would be me" and its kin, in any tense or mood: "that" + a form of "to be" (+ a hedge) +
 * "me", the way each language says it. Matched on folded text; a negation anywhere still wins.
 */
const SELF_REFERENCE = [
  / (?:that|it|this)(?: s| is| was| would be| d be| must be| should be| ll be| will be| might be| could be| has to be) me /,
  / (?:das|dies|es)(?: bin| ware| war| wird| muss| musste| durfte| sollte| konnte)?(?: wohl| ja| doch| dann| wirklich| tatsachlich| sicher| bestimmt)* ich(?: sein| gewesen)? /,
  / ich bin (?:gemeint|das|es|s) /,
  / ich (?:selbst|selber|personlich|hochstpersonlich) /,
  / (?:me )?myself | me personally | in person /,
  / (?:ganz|sehr|vollig) (?:recht|richtig) | gewiss | auf jeden fall /,
  / (?:c est|ce serait|ca serait|ca doit etre|ce doit etre|ca devrait etre|ce sera|c etait)(?: bien| bel et bien| sans doute| donc)? moi /,
  / moi meme | moi personnellement | en personne /,
  / (?:soy|seria|sere|era|debo ser|debe ser|debe de ser|deberia ser|tengo que ser) yo /,
  / yo (?:mismo|misma|mismisimo|mismisima|personalmente|en persona) /,
];

const ZH_NO = ['不是', '不对', '不', '没有', '错了', '错', '并不是', '否', '搞错'];
/** Said anywhere, a yes: "对，是我", "我就是", "是我本人". */
const ZH_YES = ['本人', '是的', '是我', '是啊', '对的', '对啊', '没错', '正确', '就是我', '我就是', '正是', '是我的名字', '对呀', '是呀', '猜对', '认对', '说对', '叫对', '说得对', '猜得对', '讲得对', '认得对', '对头', '是滴', '是嘞', '可以这么说', '名字对'];
/** A yes when it is all of the answer, interjections and particles aside: "嗯，我是" ("I am"), not "我是来面试的". */
const ZH_YES_WHOLE = ['我是', '是', '对'];
/**
 * A yes only as the start of the answer (fillers aside): "是。", "对，没错", but not the 是 of
 * "我是来面试的" ("I'm here for an interview"), which answers nothing.
 */
const ZH_YES_START = ['是', '对', '好的', '当然', '嗯对'];
const ZH_FILLERS = /^(?:嗯|呃|额|唔|啊|哦|那个|这个|[，,。…~～\s])+/u;
/** 嗯 is a yes alone ("嗯。", "嗯嗯"), a filler before anything else ("嗯，你说什么？"). */
const ZH_HUM = /^[嗯唔\s，。！、,.!]+$/u;
/** Chinese idioms written with a negation character: 没错 ("no mistake") is a yes. */
const ZH_IDIOMS: [string, string][] = [['没认错', '认对'], ['没看错', '认对'], ['没叫错', '叫对'], ['没说错', '说对'], ['没搞错', '认对'], ['没毛病', '对'], ['没错', '对'], ['没问题', ''], ['不客气', ''], ['不错', ''], ['对不起', ''], ['差不多', ''], ['差一点', '']];

const ZH_NOT_WRONG = /没有?[认看叫说搞听记猜弄]?错/gu;

export function foldAnswer(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

const hasPhrase = (folded: string, phrase: string) => folded.includes(` ${phrase} `);

/** What may come before a miss: a no, a hesitation, a regret ("Nein, leider knapp daneben"); not "Je suis" of "Je suis perdu". */
const BEFORE_MISS = new Set([
  ...NO_WORDS.filter((w) => !w.includes(' ')),
  'um', 'uh', 'oh', 'ah', 'well', 'hmm', 'hm', 'erm', 'er', 'ahm', 'aeh', 'aehm', 'euh', 'heu', 'hum', 'ben', 'bah', 'eh', 'em', 'ehm', 'mmm', 'pues', 'bueno',
  'ach', 'naja', 'tja', 'also', 'alors', 'oops', 'sorry', 'leider', 'helas', 'dommage', 'lo', 'siento', 'knapp', 'almost', 'close', 'nearly', 'casi', 'presque',
  'fast', 'beinahe', 'but', 'mais', 'aber', 'pero', 'sadly', 'unfortunately', 'malheureusement', 'lamentablemente', 'nope', 'nop', 'nan',
]);

/** "Raté !", "Nein, knapp daneben.", "Um, missed it": a miss first, after a no or a hesitation. */
function startsWithMiss(folded: string): boolean {
  const words = folded.trim().split(' ');
  // Misses are fillers too (for what is left of an answer): try each start within the leading fillers.
  for (let start = 0; start < words.length; start++) {
    const rest = ` ${words.slice(start).join(' ')} `;
    if (MISS_PHRASES.some((w) => rest.startsWith(` ${w} `))) return true;
    if (!BEFORE_MISS.has(words[start]!) && !isInterjection(words[start]!)) return false;
  }
  return false;
}

/**
 * Yes, no or unclear. An introduction from a named visitor asks it twice before the reply (the
 * graph's edge after agreement, then memory_update), and intent asks it too while a name
 * confirmation is pending: each reading tries every yes and no phrase of five languages.
 */
export const detectAnswer: (text: string) => Answer = rememberRecent(readAnswer);

function readAnswer(text: string): Answer {
  let folded = foldAnswer(text);
  for (const idiom of NOT_ANSWERS) folded = folded.replaceAll(` ${idiom} `, ' ');
  let han = text.replace(/\s+/g, '');
  for (const [idiom, meaning] of ZH_IDIOMS) han = han.replaceAll(idiom, meaning);
  // "没有错", "没有认错", "你说得没错": "not wrong", whatever verb and however long the negation.
  han = han.replace(ZH_NOT_WRONG, '对');

  // "wouldn't", "isn't", "can't": any English negated auxiliary.
  const no = NO_WORDS.some((w) => hasPhrase(folded, w)) || /\p{L}n t /u.test(folded) || ZH_NO.some((w) => han.includes(w)) || startsWithMiss(folded);
  if (no) return 'no';
  const short = folded.trim().split(' ').length <= SHORT_ANSWER_WORDS;
  const yes =
    YES_WORDS.some((w) => hasPhrase(folded, w)) ||
    SELF_REFERENCE.some((re) => re.test(folded)) ||
    SUPERLATIVE_YES.test(folded) ||
    startsWithYes(folded) ||
    (short && YES_AT_END.some((w) => withoutTail(folded).endsWith(` ${w} `))) ||
    // YES_ALONE is Spanish: what is left once Spanish fillers go ("Pues, eso."). The words left
    // are the utterance's own, so a text without such a word has nothing to strip for.
    (YES_ALONE.some((w) => hasPhrase(folded, w)) && YES_ALONE.includes(foldAnswer(answerRemainder(text, 'es')).trim())) ||
    ZH_YES.some((w) => han.includes(w)) ||
    ZH_YES_START.some((w) => zhCore(han.replace(ZH_FILLERS, '')).startsWith(w)) ||
    ZH_YES_WHOLE.includes(zhCore(han)) ||
    (/嗯/u.test(han) && ZH_HUM.test(han));
  return yes ? 'yes' : 'unclear';
}

/** Yes/no words and fillers around a bare name in an answer ("No, Alicia Smith." → "Alicia Smith"). */
const ANSWER_FILLERS = new Set([
  ...YES_WORDS.filter((w) => !w.includes(' ')),
  ...YES_AT_START.filter((w) => !w.includes(' ')),
  ...NO_WORDS.filter((w) => !w.includes(' ')),
  'well', 'um', 'uh', 'oh', 'ah', 'hm', 'hmm', 'actually', 'sorry', 'it', 's', 'its', 'is', 'it s', 'my', 'name', 'i', 'm', 'am', 'im',
  'please', 'thanks', 'thank', 'you', 'but', 'and', 'just', 'also', 'so', 'the', 'that', 'bitte', 'danke', 'ich', 'heisse', 'bin',
  'merci', 'je', 'suis', 'm', 'appelle', 'c', 'est', 'c est', 'gracias', 'me', 'llamo', 'soy', 'es', 'ist', 'das ist', 'mein', 'mon',
  'prenom', 'nom', 'mi', 'nombre',
  // Fillers of each language ("Ähm, nicht Anna, sondern Hanna", "Euh, non, c'est Sofie", "Bueno, no Guillermo, Guilermo").
  'erm', 'er', 'uhm', 'umm', 'ahm', 'aehm', 'aeh', 'ach', 'naja', 'tja', 'also', 'euh', 'heu', 'hum', 'alors', 'bueno', 'eh', 'em', 'ehm', 'mmm', 'oye',
  // "Not Anne, but Hanne": what links the rejected name to the right one.
  'sondern', 'aber', 'eher', 'vielmehr', 'mais', 'plutot', 'sino', 'pero', 'rather', 'instead',
  // Hedges between the two: "sondern eigentlich Katrin", "mais bien Mathieu", "sino más bien Marianna".
  'eigentlich', 'bien', 'mas', 'really',
  // A near miss before the right name: "Almost! Johnathan.", "Fast, es ist Kathrin", "Presque, c'est Matthieu", "Casi, es Mariana".
  'almost', 'close', 'nearly', 'fast', 'beinahe', 'knapp', 'presque', 'casi',
  // "Actually", "sorry" before the right name: "En fait c'est Sofie", "Perdona, es Guilermo", "En realidad, Marianna".
  'en', 'fait', 'realite', 'realidad', 'verdad', 'realmente', 'perdona', 'perdone', 'perdon', 'pardon', 'disculpa', 'disculpe',
  'entschuldigung', 'entschuldige', 'sorry', 'oops', 'oups', 'huch', 'ups',
  // "Not quite", "Nicht ganz", "Pas tout à fait", "No del todo", "No exactamente": a hedged no.
  'quite', 'exactly', 'ganz', 'so', 'tout', 'a', 'fait', 'vraiment', 'del', 'todo', 'exactamente', 'wirklich',
  // Regret before the no: "Hélas non", "Leider nein", "Lamentablemente no", "Unfortunately not".
  'helas', 'malheureusement', 'leider', 'unfortunately', 'sadly', 'lamentablemente', 'desgraciadamente', 'desafortunadamente', 'negatif', 'negativo', 'negativ', 'nones',
  // "Raté, c'est Sofie", "Daneben, Katrin": a miss before the right name.
  ...MISS_PHRASES.filter((w) => !w.includes(' ')),
]);

/** Fillers of one language that are names in another ("Ben, non." in French; Ben in English). */
const LANGUAGE_FILLERS: Record<string, ReadonlySet<string>> = { fr: new Set(['ben', 'bah', 'bon']), es: new Set(['este', 'pues', 'a', 'ver', 'o', 'sea', 'mira', 'vamos']), de: new Set(['oehm', 'ohm', 'tja', 'na']) };

/**
 * What is left of an answer once yes/no words and fillers are removed from its start and end,
 * in the original spelling: a candidate bare name. Empty when nothing is left.
 */
export function answerRemainder(text: string, language?: string): string {
  const words = text
    .replace(/[’`´]/g, "'")
    .split(/[\s,.;:!?¡¿"“”«»()]+/)
    .filter(Boolean);
  // Each word folded once: a miss phrase is looked for at every start, and each look folded the
  // words again ("does this correct the settled name?" took 0.34 ms a call in a loop, 0.24 after).
  const keys = words.map((w) => foldAnswer(w).trim());
  let start = 0;
  let end = words.length;
  const filler = (i: number) => ANSWER_FILLERS.has(keys[i]!) || !!LANGUAGE_FILLERS[language ?? '']?.has(keys[i]!) || isInterjection(words[i]!);
  // A miss of several words ("Falsch verstanden, Carsten", "Mal entendu : Matilde") is a filler as a whole.
  const phraseAt = (i: number) => MULTI_WORD_MISSES.find((p) => keys.slice(i, i + p.length).join(' ') === p.join(' '))?.length ?? 0;
  while (start < end && (filler(start) || phraseAt(start) > 0)) start += Math.max(1, phraseAt(start));
  while (end > start && filler(end - 1)) end--;
  return words.slice(start, end).join(' ');
}
