import type { Language } from '../config/index.js';

/**
 * Evidence of the language of an utterance, per language: the short function words every sentence
 * is made of (pronouns, articles, auxiliaries, prepositions, conversational words), and phrases
 * that name the language by themselves ("ich heiße", "je m'appelle", "me llamo", "guten Tag"). A
 * word several languages share ("la", "de", "no", "die", "in") counts for each, divided among them.
 * Product lexicon: the tests' sentences live in test/unit/language/.
 */

const words = (list: string) => list.trim().split(/\s+/);

export type LatinLanguage = Exclude<Language, 'zh'>;

export const FUNCTION_WORDS: Readonly<Record<LatinLanguage, readonly string[]>> = {
  en: words(`
    i you he she it we they me him her us them my your his its our their mine yours this that these those what who whom which where
    when why how the a an and or but if of to in on at for with from by about into over after before than then there here
    is are was were be been being am do does did have has had will would can could should shall may might must not no yes
    hello hi hey thanks thank please sorry bye goodbye okay yeah nice meet name's i'm you're it's that's what's don't can't
    i've i'll i'd isn't doesn't didn't won't let's tell know think want like need see go going just really very much some any
    something anything there's today now also too well right good great morning afternoon evening give get make take
    say said come where's who's could've would you'd we're they're our been
  `),
  de: words(`
    ich du er sie es wir ihr mich dich sich uns euch mir dir ihm ihnen mein meine meinen dein deine sein seine unser euer
    der die das den dem des ein eine einen einem einer kein keine nicht auch noch schon nur sehr ganz gern gerne mal doch
    und oder aber denn weil dass wenn ob als wie was wer wo wann warum wohin woher welche welcher hier dort da jetzt heute
    ist bin bist sind seid war waren habe hast hat haben hatte wird werden würde kann kannst können möchte möchten will
    muss soll darf mit von zu bei nach aus für über unter auf vom zum zur im ins am ja nein danke bitte hallo tschüss
    entschuldigung guten morgen abend tag heiße heißt heisse heisst gibt geht sprechen sprichst kommen gehen machen
    sagen wissen weiß spreche schön freut sich suche erzähl erzähle gibt's ist's hab nichts etwas viel vielen
    nennt nennen nenn spitzname vorname nachname
    dann gut na also mach macht mach's machs geht's hab's wie's bis bald später gleich klar
  `),
  fr: words(`
    je tu il elle on nous vous ils elles me te se moi toi lui leur leurs mon ma mes ton ta tes son sa ses notre votre nos vos
    le la les un une des du au aux ce cet cette ces qui que quoi où quand comment pourquoi quel quelle quels combien
    et ou mais donc car si ne pas plus jamais rien très bien aussi encore déjà ici là voici voilà
    est suis es sommes êtes sont était ai as avons avez ont fait faire peux peut pouvez veux voudrais vais va allez
    avec pour dans sur sous chez par sans entre vers oui non merci bonjour bonsoir salut pardon désolé excusez
    s'il plaît appelle appelles enchanté enchantée parlez parles parler aimerais cherche raconte dis dire sais sait
    rien quelque chose beaucoup peu toujours
    vas fais connais reconnais souviens rappelles vois viens venu venue parlé vu été dit crois penses aimes reconnu reconnue
    appeler appelez nomme surnomme prénom surnom
  `),
  es: words(`
    yo tú usted él ella nosotros nosotras vosotros ellos ellas ustedes me te se nos os le les lo mi mis tu tus su sus nuestro
    el la los las un una unos unas del al que qué quien quién cual cuál donde dónde cuando cuándo como cómo por porque
    y o pero si no ni muy bien también ya aquí allí ahora hoy siempre nunca nada algo mucho poco
    es soy eres somos son está estoy estás están estamos era fue tengo tiene tienes tenemos hay puedo puede puedes quiero
    quiere quieres voy va vamos hace hacer con para sin sobre entre hasta desde sí gracias hola adiós perdón disculpe
    favor buenos buenas días tardes noches llamo llamas llama gusto encantado encantada hablar hablas habla
    eso esto esta este esa ese busco vengo vivo gusta dime cuéntame sé sabes necesito
    nombre apodo apellido llaman llamarme
    bueno venga vale luego mañana
  `),
};

/** Phrases that settle the language on their own (matched on lower-case text, at word boundaries). */
export const CUE_PHRASES: Readonly<Record<LatinLanguage, readonly string[]>> = {
  // Not "hello" nor "hi": speakers of every language say them ("Hello!" keeps a German visit German).
  en: ['good afternoon', 'good evening', 'goodbye', 'my name is', "i'm", 'i am', 'nice to meet you', 'thank you', 'how are you', 'good morning', 'excuse me', 'can you', 'could you', 'what is', "what's", 'where is', 'do you',
    // Leave-takings only English says.
    'see you', 'see ya', 'take care', 'catch you later', 'talk to you later', 'have a nice day', 'have a good day'],
  // Greetings only one of the languages says: a visit that opens with "Hallo!" is in German.
  de: ['hallo', 'servus', 'moin', 'grüß gott', 'grüss gott', 'grüß dich', 'tschüss', 'tschüs', 'auf wiedersehen', 'ich heiße', 'ich heisse', 'mein name ist', 'guten tag', 'guten morgen', 'guten abend', 'ich bin', 'wie geht', 'danke schön', 'vielen dank', 'kannst du', 'können sie', 'ich möchte', 'wo ist', 'freut mich', 'ich wohne', 'ich komme', 'ich arbeite', 'nenn mich', 'nennt mich', 'nennen mich', 'nennen sie mich',
    // Leave-takings only German says: "Na dann, mach's gut!" after a Chinese turn is German.
    "mach's gut", 'machs gut', 'mach es gut', 'bis bald', 'bis später', 'bis dann', 'bis morgen', 'schönen tag'],
  fr: ["je m'appelle", "je suis", 'bonjour', 'bonsoir', 'salut', 'coucou', 'à bientôt', "c'est", "s'il vous plaît", "s'il te plaît", 'merci beaucoup', 'enchanté', 'enchantée', "qu'est-ce", 'est-ce que', 'où est', 'je voudrais', 'comment ça va', 'au revoir', "j'habite", 'je viens', 'je travaille', "m'appeler", 'appelez-moi', 'appelle-moi'],
  es: ['me llamo', 'mi nombre es', 'hola', 'buenos días', 'buenas tardes', 'buenas noches', 'muchas gracias', 'por favor', 'mucho gusto', '¿', '¡', 'dónde está', 'cómo estás', 'quisiera', 'puedes', 'hasta luego', 'adiós', 'hasta pronto', 'buenas',
    // Self-introductions: "Soy Santiago, de Sevilla." is mostly names, and these verbs are Spanish only.
    'soy', 'estoy', 'vengo', 'tengo', 'vivo en', 'trabajo como', 'trabajo en',
    // What to call someone: "Todos me llaman Éctor", "Llámame Mateo".
    'me llaman', 'me dicen', 'llámame', 'llamarme', 'me puedes llamar',
    // Leave-takings only Spanish says.
    'nos vemos', 'cuídate', 'cuídese', 'me voy', 'que te vaya bien', 'hasta mañana', 'chao', 'chau'],
};

/** Letters only some of the languages write. */
export const LETTERS: Readonly<Record<LatinLanguage, RegExp>> = {
  en: /(?!)/u,
  de: /[äöüß]/u,
  fr: /[çœèêëîïôûùâ]/u,
  es: /[ñ¿¡]/u,
};

/**
 * Writing conventions of one language, worth a cue phrase: French typography puts a space before
 * "?", "!", ":" and ";", and French questions invert the pronoun with a hyphen ("es-tu", "avez-vous").
 */
export const CONVENTIONS: Readonly<Partial<Record<LatinLanguage, RegExp>>> = {
  fr: /\p{L}\s+[?!;:]|\p{L}-(?:t-)?(?:tu|vous|il|elle|je|nous|on|ils|elles)(?!\p{L})/u,
};

/** English contractions and French elisions: the apostrophe tells the language. */
export const APOSTROPHES: Readonly<Partial<Record<LatinLanguage, RegExp>>> = {
  en: /\b\p{L}+'(?:s|m|re|ve|ll|d|t)\b/u,
  fr: /(?<!\p{L})(?:j|c|m|t|s|l|d|n|qu|jusqu)'\p{L}/u,
};
