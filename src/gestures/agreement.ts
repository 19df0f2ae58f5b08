/**
 * Does the user agree or confirm? A small multilingual detector (en, de, fr, es, zh) for the
 * robot's nod. It looks at the first clause of the utterance only (up to the first
 * comma, stop or "but"):
 * - the clause is an affirmative phrase, after fillers ("oh", "well", "äh", "euh") and before
 *   a polite tail ("please", "bitte", "merci"): "Yes.", "Oh, absolutely", "Genau!", "d'accord",
 *   "Claro que sí", "对的", "好的，谢谢";
 * - or it starts with a strong yes ("yes", "ja", "oui", "sí", "是的", "对") and goes on: "Yes I
 *   do", "Ja, das bin ich", "Oui je veux bien". Weaker words ("right", "sure", "klar", "vale")
 *   count only alone: "Right now I'm busy" is no agreement.
 * Not agreement: the clause is a question ("Right?", "好的？"), or a "no" follows ("Yes, no,
 * wait"). Whole clauses are compared, so "对不起" (sorry) or "是谁" (who is it) never match.
 */

const STRONG = ['yes', 'yeah', 'yep', 'yup', 'ja', 'jawohl', 'jep', 'oui', 'ouais', 'sí', '是的', '是', '对', '对的', '没错', '嗯'];

const PHRASES = [
  // en
  'sure', 'sure thing', 'of course', 'exactly', 'right', "that's right", 'correct', "that's correct", 'absolutely', 'definitely',
  'indeed', 'agreed', 'i agree', 'ok', 'okay', 'alright', 'all right', 'sounds good', "that's true", 'true', "you're right",
  "that's me", 'it is', 'i do', 'certainly', 'precisely', 'totally', 'fine', 'perfect', 'good idea', 'great',
  // de
  'genau', 'ganz genau', 'stimmt', 'das stimmt', 'richtig', 'klar', 'na klar', 'sicher', 'natürlich', 'einverstanden', 'gerne',
  'gern', 'in ordnung', 'passt', 'absolut', 'auf jeden fall', 'korrekt', 'exakt', 'das bin ich', 'du hast recht', 'sie haben recht',
  'gute idee', 'prima', 'super',
  // fr
  'bien sûr', 'exactement', "d'accord", 'tout à fait', "c'est ça", "c'est exact", 'absolument', 'voilà', 'parfait', 'volontiers',
  'effectivement', 'carrément', "c'est moi", 'vous avez raison', 'tu as raison', 'en effet', 'bonne idée', "c'est vrai",
  // es
  // "si" without its accent only alone: it is also Spanish "if" and French "if".
  'si', 'claro', 'claro que sí', 'exacto', 'exactamente', 'de acuerdo', 'vale', 'por supuesto', 'correcto', 'eso es', 'así es',
  'perfecto', 'cierto', 'tienes razón', 'soy yo', 'desde luego', 'efectivamente', 'buena idea',
  // zh
  '对啊', '对呀', '对对', '对对对', '是啊', '是呀', '好', '好的', '好啊', '好呀', '行', '可以', '当然', '当然了', '当然可以', '同意',
  '我同意', '嗯嗯', '就是', '确实', '正是', '没问题', '好好', '是我', '就是我', '说得对', '你说得对',
];

const FILLERS = ['oh', 'well', 'um', 'uh', 'ah', 'hm', 'hmm', 'äh', 'ähm', 'also', 'na', 'euh', 'ben', 'bah', 'eh', 'bueno', 'pues'];
const TAILS = ['please', 'thanks', 'thank you', 'bitte', 'danke', 'merci', "s'il vous plaît", "s'il te plaît", 'por favor', 'gracias', '谢谢', '请'];
const NEGATIONS = new Set(['no', 'nope', 'nah', 'not really', 'nein', 'nee', 'non', 'nan', 'no no', '不', '不是', '不对', '不行', '不要', '没有']);

const phrases = new Set([...STRONG, ...PHRASES]);
const strong = new Set(STRONG);
const fillers = new Set(FILLERS);
const fillerStart = new RegExp(`^(?:(?:${FILLERS.map(escape).join('|')})\\s+)+`, 'u');
const tailEnd = new RegExp(`\\s*(?:${TAILS.map(escape).join('|')})$`, 'u');
/** Clause ends: punctuation of all five languages, and "but" in each. */
const CLAUSE = /\s*(?:[,.!?;:…，。！？；：、—]|\s(?:but|aber|mais|pero|doch)\s)\s*/u;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[’`´]/g, "'").replace(/\s+/g, ' ').trim();
}

export interface Agreement {
  /** The words that were taken as agreement, e.g. "yes" or "d'accord". */
  cue: string;
}

export function detectAgreement(text: string): Agreement | null {
  let t = normalize(text);
  // "Oh, yes", "Äh, ja": a clause of fillers alone is no clause.
  for (let b = CLAUSE.exec(t); b && fillers.has(t.slice(0, b.index)) && !/[?？]/.test(b[0]); b = CLAUSE.exec(t)) {
    t = t.slice(b.index + b[0].length);
  }
  const boundary = CLAUSE.exec(t);
  const first = (boundary ? t.slice(0, boundary.index) : t).replace(fillerStart, '');
  const delimiter = boundary?.[0].trim() ?? '';
  if (delimiter === '?' || delimiter === '？') return null;
  const rest = boundary ? t.slice(boundary.index + boundary[0].length) : '';
  const next = rest.split(CLAUSE)[0]?.trim() ?? '';
  if (NEGATIONS.has(next)) return null;

  const clause = first.replace(tailEnd, '').trim();
  if (phrases.has(clause)) return { cue: clause };
  const word = clause.split(' ')[0] ?? '';
  if (strong.has(word) && word !== clause && !NEGATIONS.has(clause.slice(word.length).trim())) return { cue: word };
  return null;
}
