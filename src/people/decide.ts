import { z } from 'zod';
import type { Answer } from './answers.js';
import { foldName, nameSimilarity, resolveName, type Candidate, type NameThresholds } from './names.js';
import { looksLikeName } from './not-names.js';
import { factsOf, mergeFacts, ProfileFactsSchema, type Identity, type ProfileFacts } from './profile.js';

/**
 * What a memory update does with what was said, as a pure function (link, ask, or create), so that
 * every branch of name resolution and confirmation is tested without disk, models or MQTT.
 */

export const CandidateSchema = z.object({ user_id: z.string(), user_name: z.string(), score: z.number().min(0).max(1) });

/** A pending "Is your name Alice?": the name given, the candidates left (asked: the first). */
export const NameConfirmationSchema = z.object({
  given_name: z.string().min(1),
  candidates: z.array(CandidateSchema).min(1),
  /** Facts told while the identity is unsettled: saved once it is. */
  facts: ProfileFactsSchema,
});
export type NameConfirmation = z.infer<typeof NameConfirmationSchema>;

export const NAME_STATUSES = ['none', 'asking', 'confirmed', 'matched', 'new_user', 'corrected'] as const;
export type NameStatus = (typeof NAME_STATUSES)[number];

/** The identity part of the blackboard's user_info, with the facts known in the session. */
export interface SessionUser extends ProfileFacts {
  user_id: string | null;
  user_name: string | null;
}

export interface UpdateInput {
  user: SessionUser;
  pending: NameConfirmation | null;
  /** The name said in this utterance, if any. */
  statedName: string | null;
  facts: ProfileFacts;
  /** Yes/no to the pending question. */
  answer: Answer;
  /** A name the person said is not theirs ("No, not Anne."). */
  rejectedName?: string | null;
  /** The name was spelled out ("Jon without an h"): only someone known by exactly that name is them. */
  spelled?: boolean;
  /**
   * The current name came from what the person said in this conversation (it may be misheard and
   * is renamed when corrected), not from face recognition (then a correction means another person).
   */
  nameFromSpeech?: boolean;
  /** The utterance asks something of its own ("Where is the lift?"): with no answer in it, the pending question stays. */
  asksSomethingElse?: boolean;
  known: readonly Identity[];
  thresholds: NameThresholds;
}

export type UpdatePlan =
  /** No change of identity: merge the facts into the current person (saved if they have an id). */
  | { kind: 'facts'; facts: ProfileFacts }
  /** Ambiguous: ask about the first candidate; nothing is saved or published yet. */
  | { kind: 'ask'; confirmation: NameConfirmation }
  /** Settled on someone known: load their profile, merge the facts, publish. */
  | { kind: 'link'; user: Candidate; facts: ProfileFacts; status: 'matched' | 'confirmed' }
  /** Settled on someone new under this name: create a profile, publish. */
  | { kind: 'create'; name: string; facts: ProfileFacts }
  /** The name this person was settled under is wrong ("No, not Anne. It's Hanne."): rename their profile, publish. */
  | { kind: 'rename'; user: { user_id: string; user_name: string }; facts: ProfileFacts };

export function decideUpdate(raw: UpdateInput): UpdatePlan {
  // Whoever found it, a name that does not look like one ("Yo", "C'est", "Das") is no name.
  const input = { ...raw, statedName: looksLikeName(raw.statedName) ? raw.statedName : null };
  const { user, pending, statedName, thresholds } = input;
  // Facts of an anonymous session belong to whoever the person turns out to be; an identified
  // person's facts are already in their profile and must not follow them into another identity.
  const carried = mergeFacts(user.user_id === null ? factsOf(user) : {}, pending?.facts ?? {}, input.facts);

  if (pending) return answerPending({ ...input, pending }, carried);
  if (!statedName) return { kind: 'facts', facts: input.facts };
  if (user.user_id !== null && user.user_name && correctsName(statedName, user.user_name, input)) {
    // A correction of the name this person was settled under: someone known by the new name is
    // that person; otherwise the profile was made under a misheard name and takes the right one.
    const others = input.known.filter((k) => k.user_id !== user.user_id);
    const match = resolveName(statedName, others, thresholds);
    if (match.kind === 'strong' && (!input.spelled || foldName(match.match.user_name) === foldName(statedName))) {
      return { kind: 'link', user: match.match, facts: input.facts, status: 'matched' };
    }
    // Recognised by face under someone else's name: this is someone else, not a profile to rename.
    if (!input.nameFromSpeech) return resolve(statedName, others, thresholds, carried, input.spelled ?? false);
    return { kind: 'rename', user: { user_id: user.user_id, user_name: statedName }, facts: input.facts };
  }
  if (user.user_id !== null && user.user_name && sameName(statedName, user.user_name, input)) {
    return { kind: 'facts', facts: input.facts }; // the same person saying their name again
  }
  return resolve(statedName, input.known, thresholds, carried, input.spelled ?? false);
}

/**
 * Whether the name stated corrects the one this person is settled under: it is spelled otherwise
 * (one letter is enough: "Hannelore" → "Hanelore", "Jean-Baptiste" → "Jean-Baptist", which the
 * similarity alone takes for the same name), and either the person rejected the settled name
 * ("No, not Anne. It's Hanne."), or the settled name came from their own words and the new one
 * is a respelling of it ("Eigentlich heiße ich Henrik", "其实我叫张维华"): a misheard name is
 * put right, not asked about as someone else.
 */
function correctsName(stated: string, current: string, input: UpdateInput): boolean {
  if (foldName(stated) === foldName(current)) return false;
  if (input.rejectedName) return nameSimilarity(input.rejectedName, current) >= input.thresholds.high;
  return !!input.nameFromSpeech && nameSimilarity(stated, current) >= input.thresholds.low;
}

/** The same name: near enough, or — when it was spelled out — exactly. */
function sameName(a: string, b: string, input: Pick<UpdateInput, 'thresholds' | 'spelled'>): boolean {
  return input.spelled ? foldName(a) === foldName(b) : nameSimilarity(a, b) >= input.thresholds.high;
}

function resolve(name: string, known: readonly Identity[], thresholds: NameThresholds, facts: ProfileFacts, spelled: boolean): UpdatePlan {
  if (spelled) {
    // "Jon without an h" is not John: only an exact match is the same person, and nobody is asked about.
    const exact = known.find((k) => foldName(k.user_name) === foldName(name));
    return exact ? { kind: 'link', user: { ...exact, score: 1 }, facts, status: 'matched' } : { kind: 'create', name, facts };
  }
  const match = resolveName(name, known, thresholds);
  switch (match.kind) {
    case 'strong':
      return { kind: 'link', user: match.match, facts, status: 'matched' };
    case 'ambiguous':
      return { kind: 'ask', confirmation: { given_name: name, candidates: match.candidates, facts } };
    case 'none':
      return { kind: 'create', name, facts };
  }
}

function answerPending(input: UpdateInput & { pending: NameConfirmation }, facts: ProfileFacts): UpdatePlan {
  const { pending, statedName, answer, thresholds } = input;
  // A candidate forgotten since the question was asked is no longer offered; if it was the one
  // asked about, the answer is about nobody, and the next candidate is asked.
  const knownIds = new Set(input.known.map((k) => k.user_id));
  const candidates = pending.candidates.filter((c) => knownIds.has(c.user_id));
  const asked = candidates[0];
  if (!asked) return { kind: 'create', name: pending.given_name, facts };
  if (asked !== pending.candidates[0]) return { kind: 'ask', confirmation: { given_name: pending.given_name, candidates, facts } };

  const namesAsked = statedName !== null && sameName(statedName, asked.user_name, input);
  // "No, not Anne": the person rejects the name asked about, whatever else they say.
  const rejectsAsked = input.rejectedName != null && nameSimilarity(input.rejectedName, asked.user_name) >= thresholds.high;
  if (statedName && !namesAsked) {
    // "No, I'm Alicia Smith": a clearly different name. Someone known by exactly that name is
    // that person (a strong match); otherwise a new profile under it, without asking again.
    if (input.spelled) return resolve(statedName, input.known, thresholds, facts, true);
    const strong = resolveName(statedName, input.known, thresholds);
    return strong.kind === 'strong'
      ? { kind: 'link', user: strong.match, facts, status: 'matched' }
      : { kind: 'create', name: statedName, facts };
  }
  if (!rejectsAsked && (answer === 'yes' || (namesAsked && answer !== 'no'))) return { kind: 'link', user: asked, facts, status: 'confirmed' };
  // A question back is no answer: it is answered, and the same question asked again.
  if (answer === 'unclear' && !rejectsAsked && !statedName && input.asksSomethingElse) return { kind: 'ask', confirmation: { ...pending, candidates, facts } };
  // A plain no, or no clear answer: the next candidate, or — none left — the name as given.
  const rest = candidates.slice(1);
  if (rest.length > 0) return { kind: 'ask', confirmation: { given_name: pending.given_name, candidates: rest, facts } };
  return { kind: 'create', name: pending.given_name, facts };
}

/** The question of a plan that asks: the candidate named in "Is your name …?". */
export function askedCandidate(confirmation: NameConfirmation | null): Candidate | null {
  return confirmation?.candidates[0] ?? null;
}
