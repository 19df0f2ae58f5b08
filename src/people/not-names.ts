import { MISSES } from './answers.js';
import { isInterjection } from '../language/index.js';
import { isOrganisation } from './organisations.js';

/**
 * Words that are never a person's name, in the five languages the robot speaks, and the shape a
 * name must have. An answer to "Is your name Mariana?" ("Sí, soy yo", "Oui, c'est moi", "Ja, das
 * bin ich") is made of pronouns, answer words, verbs and fillers; any rule that reads a name after
 * "soy", "je suis" or "ich bin" would otherwise settle a person called "Yo", "C'est" or "Das", and
 * tell face recognition so. Whatever finds a name (phrase rules, a bare answer, the language model)
 * passes it through `looksLikeName` before anyone is created or renamed.
 *
 * Forms of address ("Sí, señor", "Oui, madame", "Yes, sir") are no names either.
 *
 * Words that are also common given names are left out on purpose (en "Will", "May", "Mark" (de "will"); es
 * "Mia", "Mira"; fr "Ben", "Son"; en "Don"; "Ella", "Elle", "Al", "Ma", "He", "Ye", "Do" are names too): a missed filler
 * costs a question, a rejected name costs the person their name.
 */

const list = (words: string) => words.trim().split(/\s+/);

/**
 * Per language: pronouns, answer words, auxiliary and common verbs, fillers, greetings, function
 * words, and the words of "whatever you like" ("Ist doch egal", "Peu importe", "Da igual").
 */
export const NOT_NAME_WORDS: Readonly<Record<'en' | 'de' | 'fr' | 'es', readonly string[]>> = {
  en: list(`
    i me my mine myself you your yours yourself it its we us our they them their this that these those there here
    someone somebody nobody anybody anyone everyone everybody nothing something anything everything
    yes yeah yep yup yea ya aye no nope nah ok okay sure right correct true exactly indeed absolutely definitely certainly
    maybe perhaps probably precisely totally wrong false
    am is are was were be been being isn aren wasn doesn didn have has had think guess know mean say said called call
    want need came come looking got much very can could would should
    idea clue question moment second minute person people guy one other another else
    um umm uh uhh er erm hmm hm mm mmm mhm ah oh ahh ooh well so like actually basically anyway huh eh whoa wow yay oops
    sir madam maam mister mr mrs ms
    hello hi hey bye goodbye thanks thank please sorry pardon excuse greetings regards cheers
    not never without with the a an and or but of to from in on at for what who how why when where which
    s m re ve ll d t
    personally himself herself
    whatever whichever matter
  `),
  de: list(`
    ich mich mir mein meine meiner du dich dir dein deine sie ihr ihm ihnen es wir uns unser man
    das dies diese dieser dieses der die den dem des ein eine einen einem
    ja jawohl jep nein nee ne nö noe doch genau richtig stimmt klar korrekt sicher natürlich naturlich falsch
    habe hab möchte moechte komme gehe muss suche vielen schön schoen leider moment gerne gern wirklich
    ahnung frage idee sekunde augenblick gute guten weiß weiss keine person jup jupp japp falsche falscher falschen anders andere anderer
    kann kannst können koennen könnten darf soll sollen würde wuerde
    bin bist ist sind seid war heiße heisse heißt heisst heißen heissen nennt nenne glaube denke meine weiß weiss
    jemand jemanden jemandem irgendwer irgendwas alle alles jeder jede jedes jeden
    nicht kein keine keiner nichts niemand ohne mit für fuer von zu bei nach aus auf im und oder aber sondern auch so halt mal eben schon
    ähm äh öhm hm hmm mhm naja also tja achso ach
    wohl denn eigentlich tatsächlich tatsachlich bestimmt sicherlich vermutlich wahrscheinlich vielleicht jedenfalls
    herr frau fräulein fraulein
    hallo servus moin tschüss tschuss danke bitte entschuldigung verzeihung grüße gruesse gruß gruss
    wie was wer wo wann warum welche welcher
    selbst selber persönlich personlich höchstpersönlich hochstpersonlich
    egal wurscht schnuppe beliebig
  `),
  fr: list(`
    je j moi me m tu toi te t vous il lui on nous ils eux ce c ça ca cela ceci celui celle
    le les l un une des du au aux mon mes ton ta tes sa ses notre votre
    d'accord dac oui ouais ouaip non nan si exact exactement voilà voila effectivement absolument évidemment evidemment vrai faux
    ai as avons vais veux dois viens cherche beaucoup peux pouvez pourriez voudrais
    sais sait savoir sache peut comprends compris idée idee question moment seconde bonne personne mauvaise mauvais autre
    suis es est sommes êtes etes sont c'est n'est j'suis m'appelle appelle appelles appelez crois pense
    quelqu'un quelqu'une quiconque tout tous toutes chacun chacune
    pas ne jamais rien sans avec pour dans sur chez et ou mais plutôt plutot donc alors puis bien très tres vraiment
    euh heu bah bof hein hum hmm mh ah oh bon enfin quoi
    monsieur madame mademoiselle messieurs mesdames
    bonjour bonsoir salut coucou merci pardon excusez désolé desole désolée desolee salutations amitiés amities bises
    comment qui où ou quand pourquoi quel quelle
    même meme personnellement
    importe égal egal
  `),
  es: list(`
    yo me mi tú tu te ti usted ustedes él nosotros nos vosotros ellos ellas se
    ese esa eso este esta esto aquel lo los las una unos unas
    sí si no claro vale bueno exacto exactamente correcto cierto efectivamente verdad obvio
    tengo tiene voy quiero necesito busco vengo mucho muchas muchos
    sé sabes sabe saber puedes puede repites repite repetir ayudar ayuda ayudas idea pregunta momento segundo buena persona equivocada equivocado otra otro
    soy eres es somos son estoy estás está estas esta llamo llamas llama creo pienso
    alguien alguno alguna todo todos todas cada cualquiera algo
    así asi nunca nada nadie sin con para por hasta desde sobre entre pero sino pues entonces también tambien muy
    eh em ehm mmm hmm ah oh ajá aja órale orale oye
    señor senor señora senora señorita senorita caballero
    hola buenas gracias adiós adios perdón perdon disculpa disculpe lo siento saludos recuerdos besos
    qué que quién quien cómo como dónde donde cuándo cuando cuál cual
    mismo misma mismísimo mismisimo mismísima mismisima personalmente
    igual cualquier
  `),
};

/** Chinese characters that are pronouns, answers or particles: a name is none of them. */
const HAN_NOT_NAME = new Set([...'我你您他她它们是不对嗯好的了吗呢吧啊哦呀么这那谁没有就也都很叫名字']);

const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’`´]/g, "'");

/** Words that answer a guess ("Raté !", "Daneben.", "¡Acertaste!"): a bare answer made of them holds no name. */
const GUESS_WORDS = [...Object.values(MISSES).flat().filter((w) => !w.includes(' ')), 'acertaste', 'atinaste', 'adivinaste', 'gagne', 'treffer', 'erraten'];

const FOLDED = new Set([...Object.values(NOT_NAME_WORDS).flat(), ...GUESS_WORDS].map(fold));

/** A word that is never a name, in any of the five languages ("yo", "c'est", "ich", "ja", "euh"). */
export function isNotNameWord(word: string): boolean {
  const folded = fold(word).replace(/[.,!?;:]+$/, '');
  return FOLDED.has(folded) || ELISION.test(folded) || SPANISH_ADVERB.test(folded) || isInterjection(folded);
}

/** Spanish adverbs in -mente ("Lamentablemente no", "Desgraciadamente"): no name ends so. */
const SPANISH_ADVERB = /^\p{L}{3,}mente$/u;

/** French and Italian elisions that start verbs and pronouns ("c'est", "j'ai", "m'appelle"); "D'Angelo" and "O'Brien" are names. */
const ELISION = /^(?:c|j|m|n|s|t|qu)'/;

/** Particles that may sit inside a name ("Maria de la Cruz") but never start or end one. */
const PARTICLES = new Set(['de', 'del', 'della', 'la', 'le', 'van', 'von', 'der', 'den', 'da', 'di', 'du', 'dos', 'das', 'bin', 'al', 'el', 'y', 'ten', 'ter', 'zu']);

/** A Latin-script name word: letters, with inner hyphens or apostrophes ("Jean-Luc", "O'Brien"). */
const LATIN_WORD = /^\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*\.?$/u;
const HAN = /^\p{Script=Han}{2,4}$/u;

/**
 * Whether a string found as a name has the shape of one: a Chinese name of two to four characters
 * none of which is a pronoun or particle; or one to five Latin-script words of letters, whose first
 * word is not a pronoun, answer word, verb or filler of any of the five languages, and not all of
 * whose words are such words ("Ce N'est Pas", "Yo Soy"); and never an organisation.
 */
export function looksLikeName(name: string | null | undefined): name is string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) return false;
  // A company is never a person ("京东集团", "Deutsche Bank", "Siemens"): see organisations.ts.
  if (isOrganisation(trimmed)) return false;
  if (/\p{Script=Han}/u.test(trimmed)) return HAN.test(trimmed) && ![...trimmed].some((ch) => HAN_NOT_NAME.has(ch));
  const words = trimmed.split(/\s+/);
  if (words.length > 5 || !words.every((w) => LATIN_WORD.test(w) && w.length <= 40 && !ELISION.test(fold(w)))) return false;
  if (trimmed.replace(/[^\p{L}]/gu, '').length < 2) return false;
  const first = words[0]!;
  const last = words.at(-1)!;
  if (isNotNameWord(first) || (words.length > 1 && PARTICLES.has(fold(last)))) return false;
  // "Moi-même", "Yo-mismo": a hyphenated word made only of pronouns and intensifiers is no name.
  if (words.some((w) => w.includes('-') && w.split('-').every((part) => !part || isNotNameWord(part)))) return false;
  // Inner words may be particles; a name made only of non-names is a sentence.
  return !words.every((w) => isNotNameWord(w) || PARTICLES.has(fold(w)));
}
