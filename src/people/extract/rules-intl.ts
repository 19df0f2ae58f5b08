import { DE_CUES, ES_CUES, FR_CUES } from './cue-lexicon.js';
import { cueRules, NAME } from './cues.js';
import type { Language, Rule } from './engine.js';
import { frenchNameLike, germanNameBesideJob, germanNameLike, spanishNameLike } from './name-like.js';
import { isLexiconName, nameTaggedTokens } from './tokens.js';
import { tradeRules } from './trade.js';

/**
 * The basic self-introduction phrasings in German, French and Spanish. "ich bin X", "je suis X"
 * and "soy X" are also how people say their job or mood, so a name there must be one the name
 * lexicon knows (`known`), unless the robot has just asked for the name.
 */

const V = String.raw`[^,.;!?]+`; // a value runs to the next punctuation; the engine cuts it further
const re = (source: string) => new RegExp(source, 'iu');
const words = (list: string) => new Set(list.split(/\s+/));

function jobIn(jobs: Set<string>, suffix?: RegExp) {
  return (position: string) =>
    position
      .toLowerCase()
      .split(/\s+/)
      // A job by its ending only when it is no given name ("Ich bin Volker", "Ich bin Rainer aus Bonn").
      .some((w) => jobs.has(w) || (suffix !== undefined && suffix.test(w) && w.length > 5 && !isLexiconName(w)));
}

/** Every job also in its feminine form, made by the language's endings ("boulanger" → "boulangère", "carpintero" → "carpintera"). */
function withFeminine(jobs: Set<string>, endings: readonly [RegExp, string][]): Set<string> {
  const out = new Set(jobs);
  for (const job of jobs) for (const [ending, feminine] of endings) if (ending.test(job)) out.add(job.replace(ending, feminine));
  return out;
}
const FR_FEMININE: [RegExp, string][] = [[/er$/, 'ère'], [/teur$/, 'trice'], [/eur$/, 'euse'], [/ien$/, 'ienne'], [/(an|en|a)t$/, '$1te'], [/é$/, 'ée']];
const ES_FEMININE: [RegExp, string][] = [[/o$/, 'a'], [/or$/, 'ora']];

const DE_JOBS = words(`lehrer lehrerin arzt ärztin student studentin ingenieur ingenieurin entwickler entwicklerin informatiker
  informatikerin krankenpfleger krankenschwester pflegerin anwalt anwältin architekt architektin manager managerin designer
  designerin koch köchin verkäufer verkäuferin rentner rentnerin forscher forscherin professor professorin berater beraterin`);
const FR_JOBS = withFeminine(words(`professeur prof ingénieur ingénieure étudiant étudiante médecin infirmier infirmière développeur développeuse
  avocat avocate architecte comptable chercheur chercheuse designer directeur directrice manager chef cuisinier cuisinière serveur
  serveuse vendeur vendeuse secrétaire journaliste artiste musicien musicienne enseignant enseignante consultant consultante
  stagiaire retraité retraitée pharmacien pharmacienne dentiste pilote policier pompier boulanger informaticien informaticienne`), FR_FEMININE);
const ES_JOBS = withFeminine(words(`profesor profesora ingeniero ingeniera estudiante médico médica enfermero enfermera desarrollador
  desarrolladora abogado abogada arquitecto arquitecta contador contadora investigador investigadora diseñador diseñadora director
  directora gerente cocinero cocinera camarero camarera vendedor vendedora secretario secretaria periodista artista músico
  consultor consultora jubilado jubilada programador programadora`), ES_FEMININE);

/** Words said between "ich heiße" and the name ("Ich heiße übrigens Frauke", "Ich heiße mit Vornamen Ilse"): no part of it. */
const DE_PARTICLES = String.raw`(?:(?:übrigens|uebrigens|eigentlich|nämlich|naemlich|ja|doch|auch|also|halt|mit (?:vor|nach|vollem |ganzem )namen)\s+)*`;

/** Words between "call me" and the name ("nenn mich einfach Till", "appelle-moi simplement Théo"): no part of it. */
const ADVERBS = String.raw`(?:(?:einfach|ruhig|gerne?|doch|bitte|auch|simplement|juste|donc|tout simplement|plutôt|simplemente|solo|sólo|nada más|tan solo)\s+)*`;
/** A greeting that may open the sentence before a bare name ("Hallo! Greta aus Bremen."). */
const GREETING = String.raw`(?:(?:hallo|moin|servus|guten (?:tag|morgen|abend)|grüß gott|bonjour|bonsoir|salut|coucou|hola|buenas(?: tardes| noches)?|buenos días)\s*[,!]?\s+)?`;
/**
 * "Jonas, aus Leipzig", "Camille, je viens de Lyon", "Lucía, vengo de Sevilla": a name, then where
 * the person is from. A comma before the place clause, or nothing after the place: "Pakete aus
 * China sind da" is no introduction.
 */
const nameFrom = (from: string): Rule => ({
  re: re(
    String.raw`(?:^|[.!?]\s*)[¡¿]?\s*${GREETING}(?<name>\p{L}[\p{L}'-]+(?:\s+\p{L}[\p{L}'-]+)?)(?:\s+(?:hier|ici|aquí))?(?:\s*,\s*(?:${from})|\s+(?:${from})\s*\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*)?\s*[.!]?\s*$)`,
  ),
  name: 'known',
});

/** A greeting's own words are never the name before a pleasantry ("¡Buenas tardes! Mucho gusto, soy Nuria."). */
const GREETING_WORD = String.raw`(?:hallo|moin|servus|guten|tag|morgen|abend|grüß|gott|bonjour|bonsoir|salut|coucou|hola|buenas|buenos|tardes|noches|días|dias)`;

/**
 * "Jürgen, freut mich.", "Henrik mein Name.", "Hélène, enchantée.", "Begoña es mi nombre": a name
 * first, then the words that only follow a self-introduction (a pleasantry, or "is my name").
 */
const nameThen = (after: string): Rule => ({
  re: re(String.raw`(?:^|[.!?]\s*)[¡¿]?\s*${GREETING}(?!${GREETING_WORD}(?!\p{L}))(?<name>\p{Lu}[\p{L}'-]+(?:[\s-]\p{Lu}[\p{L}'-]+)?)\s*[,.!:]?\s+(?:${after})(?!\p{L})`),
  name: 'explicit',
});

const common = {
  listSplit: /\s*,\s*(?:(?:und|oder|et|ou|y|o)\s+)?|\s+(?:und|oder|sowie|et|ou|y|o|e)\s+/iu,
  tokens: nameTaggedTokens,
};

export const german: Language = {
  ...common,
  rules: [
    // "Ich heiß Hans-Peter": spoken German drops the -e.
    { re: re(String.raw`(?<!\p{L})ich hei(?:ß|ss)(?:e|')?\s+${DE_PARTICLES}(?<name>.+)`), name: 'explicit' },
    // Verb second: "Eigentlich heiße ich Henrik", "Übrigens heiße ich Frauke", "Dann heiß ich wohl Till".
    { re: re(String.raw`(?<!\p{L})hei(?:ß|ss)(?:e|')? ich\s+(?:wohl\s+)?${DE_PARTICLES}(?<name>.+)`), name: 'explicit' },
    // The subject left out after "und": "Ich arbeite als Lehrer bei Bosch und heiße Jonas."
    { re: re(String.raw`(?<!\p{L})ich (?:[^,.;!?]+?\s)und hei(?:ß|ss)(?:e|')?\s+${DE_PARTICLES}(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})mein (?:vor)?name (?:ist|lautet)\s+${DE_PARTICLES}(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})(?:man nennt mich|nenn\p{L}*(?: sie| du)? mich)\s+${ADVERBS}(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})(?:kannst|können|koennen|könnt|darfst|dürfen|darf)\s+(?:du\s+|sie\s+|ihr\s+)?mich\s+${ADVERBS}(?<name>.+?)\s+nennen`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})(?:sag|sagt|sagen sie|sagen)\s+${ADVERBS}(?<name>\p{Lu}.*?)\s+zu mir`), name: 'explicit' },
    nameThen(String.raw`(?:ist\s+)?mein (?:vor)?name|freut mich|(?:sehr\s+)?angenehm|sehr erfreut`),
    ...cueRules(DE_CUES),
    ...tradeRules('de', { pattern: NAME, strength: DE_CUES.nameFirst }),
    { re: re(String.raw`(?<!\p{L})ich (?:bin|wäre|wär|waere)(?: dann| wohl| also)? (?:der |die )?(?<name>.+)`), name: 'known' },
    nameFrom(String.raw`(?:(?:ich\s+)?(?:komme|stamme|bin)\s+)?(?:aus|von)\s|(?:ich\s+)?(?:wohne|lebe)\s+in\s`),
    { re: re(String.raw`(?<!\p{L})arbeite (?:bei|für|fuer) ${V}? als (?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})arbeite als ${V}? (?:bei|für|fuer) (?<company>${V})`) },
    { re: re(String.raw`(?<!\p{L})ich arbeite (?:bei|für|fuer) (?<company>${V})`) },
    { re: re(String.raw`(?<!\p{L})ich arbeite als (?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})ich bin (?:von beruf )?(?<position>${V}?) (?:bei|für|fuer) (?<company>${V})`), jobOnly: true },
    { re: re(String.raw`(?<!\p{L})(?:mein beruf ist|ich bin von beruf)\s+(?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})ich bin (?:ein |eine )?(?<position>${V})`), jobOnly: true },
    { re: re(String.raw`(?<!\p{L})(?:ich |und )?(?:wohne|lebe) (?:in|im) (?<location>${V})`) },
    { re: re(String.raw`(?<!\p{L})ich (?:komme|bin|stamme) (?:ursprünglich )?aus (?<location>${V})`) },
    { re: re(String.raw`(?<!\p{L})meine hobbys? sind (?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})mein hobby ist (?<list>[^.;!?]+)`), list: 'hobbies' },
    // "Ich spiele gern Schach", not a wish: "ich hätte / möchte gern …".
    { re: re(String.raw`(?<!\p{L})ich (?!(?:hätte|möchte|würde|wollte|könnte)(?!\p{L}))\p{L}+e (?:sehr )?gerne? (?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})ich interessiere mich (?:sehr )?für (?<list>[^.;!?]+)`), list: 'interests' },
    { re: re(String.raw`(?<!\p{L})ich (?:mag|liebe) (?<list>[^.;!?]+)`), list: 'auto' },
  ] satisfies Rule[],
  valueStop: /\s+(?:und (?:ich|mein|meine|hei(?:ß|ss)e|bin|wohne|komme|arbeite)|aber|weil|denn|seit|wo|jetzt|zurzeit|momentan)(?!\p{L})/iu,
  companyStop: /\s+(?:als|in|seit)(?!\p{L})/iu,
  positionStop: /\s+(?:bei|für|fuer|in|im|aus)(?!\p{L})/iu,
  locationStop: /\s+(?:mit|seit|bei|aber|und(?=\s+\p{Ll}))(?!\p{L})/u,
  listStop: /\s*(?:[.;!?]|,?\s+(?:aber|weil|denn|wenn)(?!\p{L})|,?\s+(?:und\s+)?(?:ich|mein|meine)(?!\p{L}))/iu,
  rejectItem: /(?<!\p{L})(?:dich|dir|du|euch|es|das hier|dies|dieses|diese|hier)(?!\p{L})/iu,
  itemPrefix: /^(?:(?:auch|sehr|gerne?|den|die|das|der|ein|eine|zu)\s+)+/iu,
  // Nominalised verbs ("Wandern", "Lesen") are activities.
  classify: (item) => ({ kind: /^\p{Lu}\p{Ll}+(?:en|ern|eln)$/u.test(item) ? 'hobbies' : 'interests', item }),
  looksLikeJob: jobIn(DE_JOBS, /(?:er|erin|ent|entin|ist|istin|eur|eurin|or|orin)$/),
  nameLike: (w) => germanNameLike(w, jobIn(DE_JOBS)),
  nameLikeBesideJob: (w, position) => germanNameBesideJob(w, position, jobIn(DE_JOBS)),
};

export const french: Language = {
  ...common,
  rules: [
    { re: re(String.raw`(?<!\p{L})je m'? ?appelle\s+(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})mon (?:pré)?nom (?:est|c'est)\s+(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})(?:appel(?:le|les|ez)[- ]moi|on m'appelle|m'appeler|moi,? c'est)\s+${ADVERBS}(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})je me présente\s*[:,]?\s*(?:je (?:suis|m'appelle)\s+)?(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})je me (?:nomme|prénomme)\s+(?<name>.+)`), name: 'explicit' },
    nameThen(String.raw`enchanté(?:e)?|ravie? de (?:vous|te) (?:rencontrer|connaître)`),
    ...cueRules(FR_CUES),
    ...tradeRules('fr', { pattern: NAME, strength: FR_CUES.nameFirst }),
    { re: re(String.raw`(?<!\p{L})je (?:suis|serais)\s+(?:donc\s+|alors\s+)?(?<name>.+)`), name: 'known' },
    nameFrom(String.raw`(?:(?:je\s+)?(?:viens|suis|arrive)\s+)?(?:de\s|d'|du\s)|j'habite\s+(?:à|a)\s`),
    { re: re(String.raw`(?<!\p{L})travaille (?:chez|pour|à|dans) ${V}? (?:comme|en tant que) (?:une? )?(?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})travaille (?:comme|en tant que) ${V}? (?:chez|pour) (?<company>${V})`) },
    { re: re(String.raw`(?<!\p{L})je travaille (?:chez|pour|dans) (?<company>${V})`) },
    { re: re(String.raw`(?<!\p{L})je travaille (?:comme|en tant que) (?:une? )?(?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})je suis (?:une? )?(?<position>${V}?) (?:chez|pour) (?<company>${V})`), jobOnly: true },
    { re: re(String.raw`(?<!\p{L})je suis (?:une? )?(?<position>${V})`), jobOnly: true },
    { re: re(String.raw`(?<!\p{L})(?:j'habite|je vis|je réside) (?:à |a |en |au |aux |dans )?(?<location>${V})`) },
    { re: re(String.raw`(?<!\p{L})je (?:viens|suis originaire|suis) (?:de |d'|du |des )(?<location>${V})`) },
    { re: re(String.raw`(?<!\p{L})mes (?:loisirs|hobbies|passe-temps|passions) (?:sont|c'est) (?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})mon (?:loisir|hobby|passe-temps)(?: préféré)? (?:est|c'est) (?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})je fais (?:du |de la |de l'|des )(?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})je m'intéresse (?:à |au |aux |a )(?<list>[^.;!?]+)`), list: 'interests' },
    { re: re(String.raw`(?<!\p{L})je suis passionnée? (?:de |par |d')(?<list>[^.;!?]+)`), list: 'interests' },
    { re: re(String.raw`(?<!\p{L})j'(?:aime|adore)(?: bien| beaucoup)? (?<list>[^.;!?]+)`), list: 'auto' },
  ] satisfies Rule[],
  valueStop: /\s+(?:et (?:je|j'|mon|ma|mes|moi|m'appelle|suis|travaille|viens|habite)|mais|parce|car|depuis|où|maintenant|actuellement)(?!\p{L})/iu,
  companyStop: /\s+(?:comme|en tant|à|a|depuis)(?!\p{L})/iu,
  positionStop: /\s+(?:chez|pour|à|dans)(?!\p{L})/iu,
  locationStop: /\s+(?:avec|depuis|mais|et(?=\s+\p{Ll}))(?!\p{L})/u,
  listStop: /\s*(?:[.;!?]|,?\s+(?:mais|parce|car|quand|si)(?!\p{L})|,?\s+(?:et\s+)?(?:je|j'|mon|ma|mes)(?!\p{L}))/iu,
  rejectItem: /(?<!\p{L})(?:toi|te|tu|vous|votre|ton|ta|tes|ça|ca|cela|ce|cette|ici)(?!\p{L})/iu,
  itemPrefix: /^(?:(?:aussi|bien|beaucoup|le|la|les|l'|du|de la|des|un|une)\s*)+/iu,
  classify: (item) => ({ kind: /^\p{Ll}+(?:er|ir|re)(?:\s|$)/u.test(item) ? 'hobbies' : 'interests', item }),
  looksLikeJob: jobIn(FR_JOBS),
  nameLike: (w) => frenchNameLike(w, jobIn(FR_JOBS)),
};

export const spanish: Language = {
  ...common,
  rules: [
    { re: re(String.raw`(?<!\p{L})me llamo\s+(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})mi nombre es\s+(?<name>.+)`), name: 'explicit' },
    { re: re(String.raw`(?<!\p{L})(?:ll[aá]m(?:ame|eme|enme)|llamarme|me (?:llaman|dicen|puedes llamar|puede llamar|pueden llamar))\s+${ADVERBS}(?<name>.+)`), name: 'explicit' },
    // "Soy la Begoña", as "ich bin die Wiebke": the article is no part of the name.
    nameThen(String.raw`es mi nombre|encantad[oa]|mucho gusto|un placer`),
    ...cueRules(ES_CUES),
    ...tradeRules('es', { pattern: NAME, strength: ES_CUES.nameFirst }),
    { re: re(String.raw`(?<!\p{L})(?:soy|yo sería|yo seria)\s+(?:el |la )?(?<name>.+)`), name: 'known' },
    nameFrom(String.raw`(?:(?:yo\s+)?(?:vengo|soy)\s+)?(?:de|desde)\s|vivo\s+en\s`),
    { re: re(String.raw`(?<!\p{L})trabajo (?:en|para) ${V}? como (?:una? )?(?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})trabajo como ${V}? (?:en|para) (?<company>${V})`) },
    { re: re(String.raw`(?<!\p{L})trabajo (?:en|para) (?<company>${V})`) },
    { re: re(String.raw`(?<!\p{L})trabajo como (?:una? )?(?<position>${V})`) },
    { re: re(String.raw`(?<!\p{L})soy (?:una? )?(?<position>${V}?) (?:en|de|para) (?<company>${V})`), jobOnly: true },
    { re: re(String.raw`(?<!\p{L})vivo en (?<location>${V})`) },
    { re: re(String.raw`(?<!\p{L})(?:soy|vengo) de (?<location>${V})`) },
    { re: re(String.raw`(?<!\p{L})mis (?:aficiones|hobbies|pasatiempos) son (?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})mi (?:afición|hobby|pasatiempo)(?: favorito)? es (?<list>[^.;!?]+)`), list: 'hobbies' },
    { re: re(String.raw`(?<!\p{L})me interesan? (?<list>[^.;!?]+)`), list: 'interests' },
    { re: re(String.raw`(?<!\p{L})me (?:gusta|gustan|encanta|encantan) (?<list>[^.;!?]+)`), list: 'auto' },
  ] satisfies Rule[],
  valueStop: /\s+(?:y (?:yo|mi|mis|me llamo|soy|vivo|vengo|trabajo)|pero|porque|desde|donde|ahora)(?!\p{L})/iu,
  companyStop: /\s+(?:como|desde)(?!\p{L})/iu,
  positionStop: /\s+(?:en|para)(?!\p{L})/iu,
  locationStop: /\s+(?:con|desde|pero|y(?=\s+\p{Ll}))(?!\p{L})/u,
  listStop: /\s*(?:[.;!?]|,?\s+(?:pero|porque|cuando|si)(?!\p{L})|,?\s+(?:y\s+)?(?:yo|mi|mis)(?!\p{L}))/iu,
  rejectItem: /(?<!\p{L})(?:tú|tu|te|ti|usted|esto|eso|aquí|aqui)(?!\p{L})/iu,
  itemPrefix: /^(?:(?:también|mucho|el|la|los|las|un|una)\s+)+/iu,
  classify: (item) => ({ kind: /^\p{Ll}+(?:ar|er|ir)(?:\s|$)/u.test(item) ? 'hobbies' : 'interests', item }),
  looksLikeJob: jobIn(ES_JOBS),
  nameLike: (w) => spanishNameLike(w, jobIn(ES_JOBS)),
};
