/**
 * How sure the phrase is that a name follows:
 * - explicit: "my name is X", "call me X", "ich heiße X" — X is a name unless it is plainly not;
 * - weak: "I'm X", "this is X", "je suis X" — X must look like a name (a known first or last
 *   name, or a capitalised proper noun), else "I'm tired" would become a person called Tired;
 * - known: like weak, in languages whose nouns are capitalised too ("ich bin Lehrer"): X must be
 *   a first or last name compromise's lexicon knows;
 * - answer: a bare reply to "what's your name?" or "is your name Alice?";
 * - capital: an English name said first and marked as one after it ("Priya here.", "Ravi Patel, I'm
 *   here for…"): at the start of a sentence the tagger sees no proper noun, so a capital and no
 *   word of another kind (adjective, verb, pronoun…) is the evidence.
 */
export type NameStrength = 'explicit' | 'weak' | 'known' | 'answer' | 'capital';

/**
 * How people introduce themselves, per language, as lexicons rather than one pattern per
 * sentence: the words that come before a name ("moi c'est", "hier spricht", "le habla"), the words
 * that come after one said first ("… à l'appareil", "… hier", "… speaking"), the greetings and
 * pleasantries around them, and the first-person words that start the next clause when a name is
 * said first on its own ("Bonjour, Hugo Lefebvre, je suis ingénieur…"). cues.ts turns them into
 * phrase rules. A space in a phrase also matches a pause (a comma: "Mon prénom, c'est Gaëlle"),
 * an apostrophe also a space or nothing (speech-to-text writes "je m appelle", "jm'appelle").
 */
export interface CueLexicon {
  /** Phrases after which the name follows, with how sure each is that a name follows. */
  before: readonly { phrases: readonly string[]; strength: NameStrength; atClauseStart?: boolean }[];
  /** Said between a cue and the name, and no part of it ("let me introduce myself, I'm …"). */
  bridge: readonly string[];
  /** Phrases right after a name said first: "Fatima speaking", "Antoine à l'appareil". */
  after: readonly string[];
  /**
   * Words after a name said first that mark it only when they close the clause ("Fatima here.",
   * "Becker hier, guten Tag."): as adverbs they also follow verbs and pronouns ("Sitzt hier
   * jemand?", "Gibt es hier WLAN?", "Anyone here?").
   */
  afterClosing: readonly string[];
  /** Greetings and openers that may come before a name said first. */
  greetings: readonly string[];
  /** Pleasantries after which a name may close the sentence: "Mucho gusto, Alejandro Fernández." */
  pleasantries: readonly string[];
  /** First-person words that open the clause after a name said first. */
  selfClause: readonly string[];
  /** "I'm the new intern, Sam.": who the person is, then their name closing the sentence. */
  selfRole: readonly string[];
  /**
   * Speech-to-text in lower case, no pause: "je suis gaspard je viens pour…". The phrase before
   * one word, and the subjects that open the next clause after it: with no capital to go by, a
   * word between the two is the name (unless it is a state, a job, a participle — a suffix
   * pattern — or no name at all).
   */
  unpaused: { before: readonly string[]; next: readonly string[]; participle: string };
  /** Words after the name that make it someone else ("C'est Julie qui m'envoie"). */
  someoneElse: readonly string[];
  /** How a name said first is read: a tagged English word (weak), or a known or name-like word. */
  nameFirst: NameStrength;
}

export const EN_CUES: CueLexicon = {
  before: [
    {
      phrases: ['let me introduce myself', 'allow me to introduce myself', 'may i introduce myself', 'i should introduce myself', "i'd like to introduce myself",
        'i want to introduce myself', 'just to introduce myself', 'introducing myself', 'my names', 'my first names', 'my full names',
        // "Sorry, I didn't introduce myself: Ingrid Berg."
        "i haven't introduced myself", 'i have not introduced myself', "i didn't introduce myself", 'i did not introduce myself', 'i forgot to introduce myself', 'i never introduced myself'],
      strength: 'explicit',
    },
    // "hi im jake": speech-to-text drops the apostrophe; "im" is German too, so only at a clause start.
    { phrases: ['im', 'i m', 'name is', 'name', "it's me", 'it is me', "that's me"], strength: 'weak', atClauseStart: true },
  ],
  bridge: ["i'm", 'i am', 'my name is', 'the name is', "name's"],
  after: ['speaking', 'calling', 'at your service', 'for the record', "that's me", 'that is me', "it's me"],
  afterClosing: ['here'],
  greetings: ['hi', 'hello', 'hey', 'hiya', 'howdy', 'evening', 'afternoon', 'good day', 'morning', 'good morning', 'good afternoon', 'good evening', 'yes hello', 'hi there', 'hello there', 'hey there',
    'oh hi', 'oh hello', 'well hello', 'yes', 'yeah', 'so', 'okay', 'ok', 'right', 'sorry', 'excuse me'],
  pleasantries: ['nice to meet you', 'pleased to meet you', 'glad to meet you', 'good to meet you', 'lovely to meet you'],
  selfClause: ["i'm", 'i am', "i've", 'i have', "i'd", 'i was', 'i work', 'i came', 'i come', 'i need', 'i should', 'i got', 'here for', 'here to', 'from', 'with'],
  selfRole: ["i'm the", 'i am the', "i'm your", "i'm a", "i'm an"],
  someoneElse: ['who', 'sent', 'told', 'said', 'asked', 'is', 'was', "'s"],
  unpaused: { before: ["i'm", 'im', 'i am'], next: ['i', "i'm", 'im'], participle: '(?:ed|ing)' },
  nameFirst: 'capital',
};

export const DE_CUES: CueLexicon = {
  before: [
    {
      phrases: ['darf ich mich vorstellen', 'darf ich mich kurz vorstellen', 'ich möchte mich vorstellen', 'ich möchte mich kurz vorstellen', 'ich stelle mich vor', 'ich stell mich kurz vor',
        'ich stelle mich kurz vor', 'kurz zu mir', 'mein vorname ist', 'mein nachname ist', 'mein name wäre', 'mein name ist', 'man ruft mich', 'alle nennen mich',
        'meine freunde nennen mich',
        // "Entschuldigung, ich hab mich gar nicht vorgestellt, Petra Lange."
        'ich habe mich nicht vorgestellt', 'ich hab mich nicht vorgestellt', 'ich habe mich noch nicht vorgestellt', 'ich hab mich noch nicht vorgestellt',
        'ich habe mich gar nicht vorgestellt', 'ich hab mich gar nicht vorgestellt', 'ich habe vergessen mich vorzustellen', 'ich hab vergessen mich vorzustellen'],
      strength: 'explicit',
    },
    { phrases: ['hier ist', 'hier spricht', 'es spricht', 'am apparat ist'], strength: 'known', atClauseStart: true },
    { phrases: ["ich bin's", 'ich bins', 'ich bin es', 'das bin ich'], strength: 'known' },
  ],
  bridge: ['ich bin', 'ich heiße', 'ich heisse', 'mein name ist', 'der', 'die'],
  after: ['am apparat', 'am telefon', 'mein name', 'ist mein name', 'freut mich', 'angenehm', 'sehr erfreut', 'das bin ich', "bin's", 'bins'],
  afterClosing: ['hier'],
  greetings: ['hallo', 'hi', 'hey', 'hallöchen', 'hallihallo', 'huhu', 'grüezi', 'tach', 'tachchen', 'nabend', "n'abend", 'moin', 'moin moin', 'servus', 'grüß gott', 'grüß sie', 'grüß dich', 'guten tag', 'guten morgen', 'guten abend', 'tag', 'hallo zusammen',
    'ja hallo', 'ja', 'also', 'na', 'so', 'entschuldigung'],
  pleasantries: ['freut mich', 'sehr erfreut', 'angenehm', 'schön sie kennenzulernen', 'schön dich kennenzulernen'],
  selfClause: ['ich', 'und ich', 'mein', 'meine', 'bin hier', 'komme', 'von der', 'von'],
  selfRole: ['ich bin der', 'ich bin die', 'ich bin ihr', 'ich bin ihre', 'ich bin ein', 'ich bin eine'],
  someoneElse: ['hat', 'schickt', 'sagt', 'lässt', 'ist'],
  unpaused: { before: ['ich bin', 'ich heiße', 'ich heisse'], next: ['ich', 'und ich'], participle: String.raw`(?:(?<![\p{L}])ge\p{L}+(?:t|en))` },
  nameFirst: 'known',
};

export const FR_CUES: CueLexicon = {
  before: [
    {
      phrases: ["je m'appelle", "j'm'appelle", "m'appelle", "moi c'est", "moi je suis", "c'est moi", 'mon nom c\'est', "mon nom à moi c'est", "mon petit nom c'est", "mon prénom c'est", 'mon nom de famille est', "mon nom de famille c'est",
        "moi mon nom c'est", "moi mon prénom c'est", "moi je m'appelle", "tout le monde m'appelle", "mes amis m'appellent", "on m'appelle", "vous pouvez m'appeler",
        "tu peux m'appeler", "je me fais appeler", 'je réponds au nom de', 'je me prénomme', 'je me nomme', 'permettez-moi de me présenter', 'je vais me présenter',
        'laissez-moi me présenter', 'je me permets de me présenter', 'pour me présenter', 'je me présente',
        // "Excusez-moi, je ne me suis pas présentée : Inès Benali."
        'je ne me suis pas présenté', 'je ne me suis pas présentée', 'je ne me suis pas encore présenté', 'je ne me suis pas encore présentée', "j'ai oublié de me présenter"],
      strength: 'explicit',
    },
    { phrases: ["c'est", 'ici', "ben c'est", "alors c'est"], strength: 'known', atClauseStart: true },
  ],
  bridge: ['je suis', "je m'appelle", "moi c'est", "c'est", 'mon nom est'],
  after: ["c'est moi", "à l'appareil", 'au téléphone', 'pour vous servir', 'enchanté', 'enchantée', 'ravi de vous rencontrer', 'ravie de vous rencontrer', 'de mon prénom', 'de mon nom'],
  afterClosing: [],
  greetings: ['bonjour', 'bonsoir', 'salut', 'coucou', 'hello', 'bonjour bonjour', 're', 'allô', 'allo', 'rebonjour', 'bonjour madame', 'bonjour monsieur', 'bonjour à vous', 'bonjour à tous', 'oui bonjour',
    'oui', 'alors', 'bon', 'bah', 'ben', 'donc', 'voilà', 'excusez-moi', 'pardon'],
  pleasantries: ['enchanté', 'enchantée', 'ravi de vous rencontrer', 'ravie de vous rencontrer', 'ravi de faire votre connaissance', 'ravie de faire votre connaissance'],
  selfClause: ['je', "j'", 'moi', 'et je', 'du', 'de la'],
  selfRole: ['je suis le', 'je suis la', "je suis l'", 'je suis votre', 'je suis un', 'je suis une', "moi c'est le", "moi c'est la"],
  someoneElse: ['qui', 'que', "qu'", 'est', "m'a", 'vous'],
  unpaused: { before: ['je suis', "moi c'est"], next: ['je', "j'", 'et je'], participle: '(?:é|ée|és|ées)' },
  nameFirst: 'known',
};

export const ES_CUES: CueLexicon = {
  before: [
    {
      phrases: ['me presento', 'permítame presentarme', 'permíteme presentarme', 'déjeme presentarme', 'déjame presentarme', 'quisiera presentarme', 'para presentarme',
        'mi nombre', 'soy yo', 'me llamo', 'yo me llamo', 'mi nombre completo es', 'mi apellido es', 'todos me llaman', 'mis amigos me llaman', 'me conocen como', 'respondo al nombre de', 'me hago llamar',
        // "Perdón, no me presenté: Lucía Moreno."
        'no me presenté', 'no me he presentado', 'todavía no me he presentado', 'olvidé presentarme', 'se me olvidó presentarme'],
      strength: 'explicit',
    },
    { phrases: ['habla', 'le habla', 'te habla', 'les habla', 'aquí', 'aquí habla', 'aquí está', 'no, es', 'que es'], strength: 'known', atClauseStart: true },
  ],
  bridge: ['soy', 'me llamo', 'es', 'mi nombre es'],
  after: ['soy yo', 'al habla', 'al teléfono', 'para servirle', 'para servirte', 'a su servicio', 'encantado', 'encantada', 'de nombre'],
  afterClosing: [],
  greetings: ['hola', 'holi', 'holaa', 'buenas', 'muy buenas', 'saludos', 'buenos días', 'buenas tardes', 'buenas noches', 'hola buenas', 'ey', 'oye', 'qué tal', 'hola qué tal', 'sí', 'bueno', 'pues', 'mire', 'mira',
    'perdone', 'disculpe'],
  pleasantries: ['mucho gusto', 'encantado', 'encantada', 'un placer', 'es un placer', 'encantado de conocerle', 'encantada de conocerle', 'encantado de conocerte',
    'encantada de conocerte'],
  selfClause: ['soy', 'vengo', 'tengo', 'estoy', 'trabajo', 'yo', 'me', 'mi', 'busco', 'de'],
  selfRole: ['soy el', 'soy la', 'soy su', 'soy tu', 'soy un', 'soy una', 'yo soy el', 'yo soy la'],
  someoneElse: ['que', 'quien', 'es', 'dice'],
  unpaused: { before: ['soy', 'yo soy'], next: ['yo', 'y vengo', 'y tengo', 'y busco', 'vengo', 'tengo', 'busco'], participle: '(?:ad[oa]|id[oa])s?' },
  nameFirst: 'known',
};

/**
 * Pure hesitation sounds, in any of the five languages (none is also a word of them): dropped
 * before the rules read a sentence, with the pause around them ("I'm, uh, Nadia" is "I'm Nadia").
 */
export const HESITATIONS = ['um', 'umm', 'uh', 'uhh', 'erm', 'uhm', 'euh', 'heu', 'euhh', 'hum', 'äh', 'ähm', 'öhm', 'öh', 'ehm', 'emm', 'mmm', 'hmm', 'hm'];
/** Hesitations that are also words ("eh" in German, "este" in Spanish): dropped only with a pause on both sides. */
export const PAUSED_HESITATIONS = ['eh', 'em', 'este', 'pues', 'bueno', 'alors', 'bah', 'ben', 'also', 'na', 'well', 'so', 'like'];

/** Chinese adverbs between "我" and "叫" ("我其实叫王磊", "我本来就叫…"): no part of the cue's meaning. */
export const ZH_CUE_ADVERBS = ['其实', '实际上', '本来', '原本', '真的', '真名', '本名', '平时', '一般', '就', '也', '还是', '可是', '但是', '只是'];

/**
 * Words of state, mood, place and role that never start a name, however sure the cue ("Moi c'est
 * pareil", "Ich bin gleich da", "Soy nueva aquí"). English states are read by its tagger as
 * adjectives; its list holds the departments and errands a visitor names first ("Delivery here",
 * "Security, I need…"), which the tagger cannot tell from a name it does not know. Every
 * language's departments are here too: after "von der", "de", "de la" they are where the person
 * works, not a family name ("Karin von der Buchhaltung", "Ana de Recursos Humanos"). Surnames that are also adjectives (Blanc, Petit, Klein, Lang, Moreno, Blanco) are
 * left out: a missed state costs a question, a rejected name costs the person their name.
 */
export const STATE_WORDS: Readonly<Record<'en' | 'de' | 'fr' | 'es', readonly string[]>> = {
  en: `parcel package delivery courier post mail security reception maintenance marketing sales support service tech cleaning catering
    facilities management admin hr finance accounts accounting legal office desk front team staff visitor guest taxi cab driver lunch
    coffee food pizza someone somebody everybody everyone`.split(/\s+/),
  fr: `pareil pareille pareils fatigué fatiguée content contente perdu perdue nouveau nouvelle prêt prête sûr sûre désolé désolée là ici mieux
    pressé pressée occupé occupée malade seule retard fini finie gentil gentille normal compliqué simple facile difficile possible dommage génial
    super top nickel parfait parfaite tranquille enchanté enchantée heureux heureuse marié mariée venu venue arrivé arrivée
    livreur livreuse client cliente visiteur visiteuse tout comme rien personne déjà encore toujours juste aussi même
    enceinte veuf veuve célibataire
    comptabilité compta direction réception accueil informatique sécurité maintenance logistique ressources ventes achats rh`.split(/\s+/),
  de: `müde da hier fertig neu froh spät früh krank zurück gleich bereit allein verheiratet nervös aufgeregt glücklich traurig zufrieden
    pünktlich unterwegs dran drin weg los gut schlecht besser okay super toll erkältet verloren verwirrt eingeladen angemeldet dabei wieder
    etwas sehr zu dem schon noch nur gerade jetzt heute morgen
    schwanger ledig verwitwet
    empfang rezeption technik it edv kasse lager vertrieb einkauf marketing personal pforte kantine verwaltung sicherheit logistik
    presse redaktion finanzen controlling`.split(/\s+/),
  es: `cansado cansada nuevo nueva aquí allí listo lista perdido perdida contento contenta triste nervioso nerviosa ocupado ocupada tarde
    temprano sola casado casada enfermo enferma bien mal mejor genial perfecto perfecta igual alérgico alérgica puntual primera primero
    recién ya todavía aún también mismo misma
    soltero soltera viudo viuda
    recursos contabilidad administración recepción ventas compras sistemas dirección informática seguridad mantenimiento logística
    finanzas almacén limpieza`.split(/\s+/),
};
