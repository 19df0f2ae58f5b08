import { anyOf, escapeRe, notId, type VisitBuilder } from '../builder.js';
import { arriveUnknown, farName, introduction, known, question } from './common.js';

/**
 * Visits about who someone is: a stranger introducing themselves, a known face arriving, a near
 * name the robot must ask about, a correction, perception disagreeing with speech.
 */

/** The visitor asks something more; the turn must be theirs. */
function followUp(b: VisitBuilder, category: 'introduction' | 'confirmation' | 'correction' | 'arrival' | 'perception', user: Record<string, unknown>): void {
  b.say(question(b));
  b.expect(category, { turn: user });
  b.replyLanguage();
}

/** A stranger says who they are (plain, in a greeting, with job and employer, or city), then asks something. */
export function introductionVisit(b: VisitBuilder): string {
  arriveUnknown(b);
  const name = farName(b, []);
  const intro = introduction(b, name);
  b.say(intro);
  b.expect('introduction', { user_info: { user_name: name } });
  b.replyLanguage();
  followUp(b, 'introduction', { user_name: name });
  b.expect('perception', { user_info_count: { count: 1, match: { user_name: name } }, user_info_names: [name] });
  return `a stranger says ${JSON.stringify(intro)}`;
}

/** A known face arrives (at once or with confidence rising), is greeted by name, and asks something. */
export function knownArrivalVisit(b: VisitBuilder): string {
  const name = farName(b, []);
  const id = known(b, name);
  const rising = b.rng.chance(0.4);
  if (rising) {
    // Below face recognition's threshold first (people.detection.minConfidence, 60), then just above it.
    b.act({ detect: { id, name, confidence: 30 + b.rng.int(20) } });
    b.act({ wait_ms: 400 });
  }
  b.act({ detect: { id, name, confidence: rising ? 62 + b.rng.int(10) : 90 + b.rng.int(10) } });
  b.expect('arrival', { speak: anyOf([name]), within_ms: 6000 });
  b.expect('arrival', { session: { event: 'start', user_id: id } });
  // The greeting's last sentences may come late on a loaded machine: they are not the answer to what is said next.
  b.act({ wait_ms: 1500 });
  followUp(b, 'arrival', { user_id: id, user_name: name });
  b.expect('perception', { user_info_names: [name] });
  return `${name} (known) arrives${rising ? ', face confidence rising' : ''}`;
}

const ANSWERS = ['yes', 'thatsMe', 'no', 'notXY', 'withoutLetter', 'differentName', 'unrelated'] as const;

/**
 * A known person's near name: the robot asks "Is your name K?", and the visitor answers yes,
 * "that's me", no, "not K, S", "S without an h", another name, or something unrelated (each
 * sometimes with a filler). What reaches perception follows from the answer.
 */
export function confirmationVisit(b: VisitBuilder): string {
  const pair = b.rng.pick(b.parts.near);
  const id = known(b, pair.known);
  arriveUnknown(b);
  b.say(b.rng.chance(0.3) ? introduction(b, pair.said, 1) : introduction(b, pair.said, 0));
  b.expect('confirmation', { speak: anyOf([pair.known]) });
  b.replyLanguage();
  b.expect('confirmation', { no_user_info: true });
  let kind = b.rng.pick(ANSWERS);
  if (kind === 'withoutLetter' && (!pair.letter || !b.parts.withoutLetter.length)) kind = 'notXY';
  const other = farName(b, [pair.known, pair.said]);
  const answer = {
    yes: () => b.pick('yes'),
    thatsMe: () => b.pick('thatsMe'),
    no: () => b.pick('no'),
    notXY: () => b.pick('notXY', { wrong: pair.known, right: pair.said }),
    withoutLetter: () => b.pick('withoutLetter', { said: pair.said, letter: pair.letter! }),
    differentName: () => b.pick('differentName', { other }),
    unrelated: () => b.pick('unrelated'),
  }[kind]();
  const text = b.withFiller(answer);
  b.say(text);
  if (kind === 'yes' || kind === 'thatsMe') {
    b.expect('confirmation', { user_info: { user_id: id, user_name: pair.known } });
    b.replyLanguage();
    followUp(b, 'confirmation', { user_id: id, user_name: pair.known });
    b.expect('perception', { user_info_count: { count: 1 }, user_info_names: [pair.known] });
  } else if (kind === 'unrelated') {
    // No answer: the question is answered and "Is your name …?" asked again; nothing but the two
    // names in play may ever reach perception.
    b.expect('confirmation', { speak: anyOf([pair.known]) });
    b.expect('confirmation', { no_user_info: true });
    b.replyLanguage();
    b.expect('perception', { user_info_names: [pair.known, pair.said] });
  } else {
    const settled = kind === 'differentName' ? other : pair.said;
    b.expect('confirmation', { user_info: { user_name: settled, user_id: notId([id]) } });
    b.replyLanguage();
    followUp(b, 'confirmation', { user_name: settled });
    b.expect('perception', { user_info_count: { count: 1 }, user_info_names: [settled] });
  }
  return `${pair.known} is known; a visitor says ${JSON.stringify(pair.said)}, asked, answers ${JSON.stringify(text)} (${kind})`;
}

/** A name settled by mistake ("I'm Anne", Anne is known) is corrected: "No, not Anne. It's Hanne." */
export function correctionVisit(b: VisitBuilder): string {
  const pair = b.rng.pick(b.parts.near);
  const id = known(b, pair.known);
  arriveUnknown(b);
  b.say(introduction(b, pair.known, 0));
  b.expect('correction', { user_info: { user_id: id, user_name: pair.known } });
  b.replyLanguage();
  const text = b.withFiller(b.pick('notXY', { wrong: pair.known, right: pair.said }));
  b.say(text);
  b.expect('correction', { user_info: { user_name: pair.said } });
  b.expect('correction', { not_speak: `/${escapeRe(pair.known)}\\s*[?？]/u` });
  b.replyLanguage();
  followUp(b, 'correction', { user_name: pair.said });
  b.expect('perception', { user_info_names: [pair.known, pair.said] });
  return `${pair.known} is known; the visitor says it is them, then corrects: ${JSON.stringify(text)}`;
}

/** Perception and speech disagree: an unknown face says a known name, or a doubtful known face says another name. */
export function perceptionVisit(b: VisitBuilder): string {
  const knownName = farName(b, []);
  const id = known(b, knownName);
  if (b.rng.chance(0.5)) {
    b.act({ detect: null });
    b.say(introduction(b, knownName, b.rng.int(2)));
    b.expect('perception', { user_info: { user_id: id, user_name: knownName } });
    b.replyLanguage();
    followUp(b, 'perception', { user_id: id });
    b.expect('perception', { user_info_names: [knownName] });
    return `an unknown face says the known name ${knownName}`;
  }
  const name = farName(b, [knownName]);
  b.act({ detect: { id, name: knownName, confidence: 25 + b.rng.int(25) } });
  b.say(introduction(b, name));
  b.expect('perception', { user_info: { user_name: name, user_id: notId([id]) } });
  b.expect('perception', { not_speak: anyOf([knownName]) });
  b.replyLanguage();
  followUp(b, 'perception', { user_name: name });
  b.expect('perception', { user_info_names: [name] });
  return `perception doubtfully reports ${knownName}; the visitor says they are ${name}`;
}
