import { HESITATIONS, PAUSED_HESITATIONS, type CueLexicon } from './cue-lexicon.js';
import type { Rule } from './engine.js';

/**
 * Phrase rules built from a language's cue lexicon (cue-lexicon.ts): a name after a cue, a name
 * said first and then marked as one (by a cue after it, by the pause and the first-person clause
 * that follow it, or by closing a pleasantry). New ways of introducing oneself are new words in a
 * lexicon, not new patterns.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase as said: a space is also a pause, an apostrophe also a space or nothing, a hyphen also a space. */
function phrase(p: string): string {
  return p
    .trim()
    .split(/\s+/)
    .map((w) => escape(w).replace(/'/g, String.raw`(?:'\s?|\s)?`).replace(/\\?-/g, String.raw`[-\s]?`))
    .join(String.raw`(?:\s*,\s*|\s+)`);
}

/** Alternatives, longest first (so that "bonjour madame" wins over "bonjour"). */
const anyOf = (phrases: readonly string[]) => `(?:${[...new Set(phrases)].sort((a, b) => b.length - a.length).map(phrase).join('|')})`;

const PARTICLE = String.raw`(?:de|del|della|la|le|van|von|der|den|da|di|du|dos|das|ten|ter|zu|y)`;
/** Up to three words of a name, particles between them. */
export const NAME = String.raw`\p{L}[\p{L}'-]*(?:\s+(?:${PARTICLE}\s+){0,3}\p{L}[\p{L}'-]*){0,2}`;
const NO_LETTER = String.raw`(?![\p{L}'])`;
const GAP = String.raw`(?:\s*[,:]\s*|\s+)`;
/** After a cue that can only introduce the speaker, a new sentence may hold the name ("May I introduce myself? Jana Nowak."). */
const SENTENCE_GAP = String.raw`(?:\s*[,:.?!]\s*|\s+)`;

export function cueRules(lex: CueLexicon): Rule[] {
  const greetings = anyOf(lex.greetings);
  const greeted = String.raw`(?:${greetings}\s*[,!.]?\s+)*`;
  const sentence = String.raw`(?:^|[.!?]\s*)[¡¿]?\s*`;
  // A greeting's own words are never the name after it.
  const notGreeting = String.raw`(?!${greetings}${NO_LETTER})`;
  const clauseStart = String.raw`(?:^|[,.;:!?¡¿]\s*|(?<![\p{L}'])${greetings}\s+)`;
  const bridge = String.raw`(?:${anyOf(lex.bridge)}${GAP})?`;
  // Someone else's name ("C'est Julie qui m'envoie"), or a question ("¿Es Marta la de recepción?").
  const someoneElse = new RegExp(String.raw`^\s*,?\s*${anyOf(lex.someoneElse)}${NO_LETTER}|^[^.!?]*[?？]`, 'iu');
  const rules: Rule[] = lex.before.map(({ phrases, strength, atClauseStart }) => ({
    re: new RegExp(String.raw`${atClauseStart ? clauseStart : String.raw`(?<![\p{L}'])`}${anyOf(phrases)}${strength === 'explicit' ? SENTENCE_GAP : GAP}${bridge}(?<name>.+)`, 'iu'),
    name: strength,
    ...(strength !== 'explicit' && { notThen: someoneElse }),
  }));
  rules.push(
    // "Hello, Fatima speaking", "Antoine, à l'appareil". A name said first is never in a question.
    { re: new RegExp(String.raw`${sentence}${greeted}${notGreeting}(?<name>${NAME})\s*,?\s+${anyOf(lex.after)}${NO_LETTER}`, 'iu'), name: lex.nameFirst, notThen: someoneElse },
    // "Tag, Becker hier.", "Sam here, I have a parcel.": the adverb closes the clause.
    ...(lex.afterClosing.length
      ? [{ re: new RegExp(String.raw`${sentence}${greeted}${notGreeting}(?<name>${NAME})\s*,?\s+${anyOf(lex.afterClosing)}\s*(?:[,.;:!…]|$)`, 'iu'), name: lex.nameFirst, notThen: someoneElse }]
      : []),
    // "Bonjour, Hugo Lefebvre, je suis ingénieur chez Airbus.", "Morning. Ravi Patel, I'm here to see Mr Jones."
    { re: new RegExp(String.raw`${sentence}${greeted}${notGreeting}(?<name>${NAME})\s*,\s*${anyOf(lex.selfClause)}(?:(?<=')|${NO_LETTER})`, 'iu'), name: lex.nameFirst, notThen: someoneElse },
    // "Mucho gusto, Alejandro Fernández.": a pleasantry, then the name and nothing else.
    { re: new RegExp(String.raw`${sentence}${greeted}${anyOf(lex.pleasantries)}\s*[,!.]?\s+(?<name>${NAME})\s*[.!]?\s*$`, 'iu'), name: lex.nameFirst },
    // "I'm the new guy, Sam.", "Je suis la nouvelle stagiaire, Julie.": a role, a pause, the name and nothing else.
    { re: new RegExp(String.raw`(?<![\p{L}'])${anyOf(lex.selfRole)}${NO_LETTER}[^,.;!?]{1,40},\s*(?<name>${NAME})\s*[.!]?\s*$`, 'iu'), name: lex.nameFirst },
    // "je suis gaspard je viens pour la réunion": in lower case with no pause, one word between the
    // phrase and the next clause's subject. Only where the text has no capital at all.
    {
      re: new RegExp(String.raw`^[^\p{Lu}]*?(?<![\p{L}'])${anyOf(lex.unpaused.before)}\s+(?<name>\p{Ll}[\p{Ll}'-]+)(?<!${lex.unpaused.participle})\s+${anyOf(lex.unpaused.next)}${NO_LETTER}[^\p{Lu}]*$`, 'u'),
      name: 'explicit',
      notJob: true,
    },
  );
  return rules;
}

const SOUNDS = new RegExp(String.raw`(?:^|[\s,;…]+)(?:${HESITATIONS.map(escape).join('|')})(?![\p{L}'-])[\s,…]*`, 'giu');
const PAUSED = new RegExp(String.raw`(?:^|[,;…]\s*)(?:${PAUSED_HESITATIONS.map(escape).join('|')})\s*[,…]+\s*`, 'giu');

/**
 * The sentence without hesitations: "Hey, um, I'm, uh, Nadia." → "Hey I'm Nadia.", "Mi nombre,
 * eh, es Teresa." → "Mi nombre es Teresa.". The pause around a hesitation is part of it, not a
 * clause boundary.
 */
export function withoutHesitations(text: string): string {
  return text.replace(SOUNDS, ' ').replace(PAUSED, ' ').trimStart();
}
