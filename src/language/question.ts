import { rememberRecent } from './recent.js';

/**
 * Whether an utterance asks something: a question, or a request for something ("I'm looking for
 * the toilets"). Speech-to-text often drops the question mark ("where are the toilets"), so a
 * clause also counts when it opens the way questions and requests open in the robot's languages:
 * an interrogative word ("where", "wo", "où", "dónde"), a verb before its subject ("can you",
 * "kannst du", "peux-tu", "est-ce que", "puedes"), a request to be told or helped ("tell me",
 * "sag mir", "dis-moi", "dime", "I'm looking for", "ich suche", "je cherche", "busco"), or in
 * Chinese a question particle at the end (吗, 呢), an A-not-A verb (能不能, 是不是) or a question
 * word. Greetings and politeness in front ("Excuse me, where…", "Hola, ¿dónde…") are skipped, and
 * an exclamation ("Wie schön!", "What a day!") asks nothing. Pure and cheap: it runs every turn.
 */

/** What may come before the question itself (folded: lower case, no accents, apostrophes as spaces). */
const LEAD = `excuse me | excusez moi | s il vous plait | s il te plait | entschuldigen sie | por favor | na ja |
  hi | hello | hey | excuse | sorry | pardon | please | ok | okay | so | and | but | um | uh | er | well | oh |
  hallo | entschuldigung | bitte | also | und | aber | ahm | aehm | bonjour | salut | alors | et | mais | euh | ben | dites |
  hola | perdon | perdona | disculpe | disculpa | oye | y | pero | bueno | pues | eh | mira`
  .split('|')
  .map((p) => p.trim().split(' '))
  .sort((a, b) => b.length - a.length);

/** Matched against the folded clause (lower case, no accents, apostrophes and hyphens as spaces). */
const FOLDED_OPENERS = [
  // English
  /^(?:what|whats|where|wheres|who|whos|whom|whose|when|why|how|hows|which)\b/,
  /^(?:can|could|would|will|do|does|did|is|are|was|were|have|has|had|may|might|shall|should|am|isn t|aren t|don t|doesn t|didn t|won t|can t)\s+(?:i|you|we|they|he|she|it|there|this|that|my|your|the|a|an|someone|somebody|anyone|anybody)\b/,
  /^(?:tell me|do you know|i wonder|i d like to know|i would like to know|any idea|i m looking for|i am looking for|i m trying to find|i can t find|i need|i d like|i would like|i want)\b/,
  // German
  /^(?:was|wo|wer|wen|wem|wessen|wann|warum|wieso|weshalb|wie|welche[rsmn]?|woher|wohin|womit|wofur|woruber|wozu)\b/,
  /^(?:kann|kannst|konnen|konnte|konnten|konntest|hast|haben|hat|bist|sind|ist|gibt|gibts|darf|darfst|durfen|weisst|wissen|kennst|kennen|magst|sprichst|sprechen|sollte|soll|muss|musst|wirst|werden|wurde|wurden|wurdest|machst|arbeitest|hilfst|helfen|nimmst|nehmen|willst|mochtest|mochten)\s+(?:du|sie|ihr|ich|wir|es|man|hier|jemand|das|der|die|mir|mich|ein|eine)\b/,
  /^(?:sag mir|sagen sie mir|erzahl mir|erzahlen sie mir|ich mochte wissen|ich wurde gern wissen|ich frage mich|ich suche|ich brauche|ich mochte|ich hatte gern|ich finde)\b/,
  // French (inversion: "peux-tu", "avez-vous", "y a-t-il")
  /^(?:qu est ce|qu est|que|quoi|ou|qui|quand|pourquoi|comment|combien|quel|quelle|quels|quelles|lequel|laquelle|est ce)\b/,
  /^(?:peux|pouvez|pourrais|pourriez|as|avez|es|etes|sais|savez|connais|connaissez|parles|parlez|veux|voulez|vas|allez|fais|faites|est|sont|dois|devez|aimes|aimez|prends|prenez|acceptes|acceptez|a|y a)\s+(?:t\s+)?(?:tu|vous|il|elle|on|ils|elles)\b/,
  /^(?:dis moi|dites moi|je voudrais savoir|j aimerais savoir|je me demande|tu sais|vous savez|tu peux|vous pouvez|tu pourrais|vous pourriez|je cherche|j ai besoin|je voudrais|je veux|j aimerais|je ne trouve pas)\b/,
  // Spanish
  // Spanish puts the verb first in statements too ("Eres tonta", "Tienes razón", "Hay un problema"):
  // only the conditional and "me dices…" ask by themselves.
  /^(?:podrias|podria|podrian|me dices|me puedes|me podrias|me dirias)\b/,
  /^(?:dime|digame|quisiera saber|me gustaria saber|me pregunto|busco|estoy buscando|necesito|quiero|quisiera|me gustaria|no encuentro)\b/,
];

// Spanish interrogatives carry their accent ("cómo"); without it they are conjunctions ("como te dije").
const SPANISH_INTERROGATIVE = /^(?:qué|dónde|adónde|quién|quiénes|cuándo|por qué|cómo|cuál|cuáles|cuánto|cuánta|cuántos|cuántas)(?![\p{L}])/u;

// Chinese: a particle at the end, A-not-A, a question word (not "什么都", "谁也": "nothing", "nobody"), a request.
const ZH_QUESTION = /[吗嘛呢][\s。！!…]*$|请问|告诉我|(\p{Script=Han})不\1|什么(?![都也])|哪|谁(?![都也])|怎么|怎样|为什么|多少|几[点个位岁天号]|我(?:在|要|想)?找|我需要|我想要|我想知道|找不到/u;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[’'`´-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The clause in lower case, apostrophes and hyphens as spaces, without the greetings and politeness words in front. */
function withoutLead(clause: string): string {
  const words = clause.toLowerCase().replace(/[’'`´-]/g, ' ').replace(/\s+/g, ' ').trim().split(' ');
  const folded = words.map(fold);
  let i = 0;
  for (let more = true; more && i < words.length - 1; ) {
    const lead = LEAD.find((p) => p.length < words.length - i && p.every((w, k) => folded[i + k] === w));
    if (lead) i += lead.length;
    else more = false;
  }
  return words.slice(i).join(' ');
}

export function asksSomething(text: string | null | undefined): boolean {
  return text ? asks(text) : false;
}

const asks = rememberRecent((text: string): boolean => {
  if (/[?？¿]/u.test(text)) return true;
  if (ZH_QUESTION.test(text)) return true;
  // Each clause may be the question ("Good morning. Where is reception"); an exclamation is none.
  for (const [, clause, end] of text.matchAll(/([^.!;:,。！；：，、…]+)([.!;:,。！；：，、…]*)/gu)) {
    if (/[!！]/u.test(end!)) continue;
    const c = withoutLead(clause!.replace(/^[\s"'«“(]+/u, ''));
    if (!c) continue;
    if (SPANISH_INTERROGATIVE.test(c)) return true;
    const f = fold(c);
    if (FOLDED_OPENERS.some((p) => p.test(f))) return true;
  }
  return false;
});
