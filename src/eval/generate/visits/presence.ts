import { ABSENT_MS, anyOf, type VisitBuilder } from '../builder.js';
import { arriveUnknown, farName, introduction, known, question, secrets } from './common.js';

/**
 * Visits about who is there: goodbyes followed by lingering in view, walk-aways without a
 * goodbye, queues of strangers and known people. The next person must never hear the last
 * one's name or words.
 */

/** A stranger tells their name and something personal; returns both. */
function strangerTells(b: VisitBuilder, taken: readonly string[]): { name: string; fact: string } {
  const name = farName(b, taken);
  b.say(introduction(b, name));
  b.expect('introduction', { user_info: { user_name: name } });
  b.replyLanguage();
  const fact = b.pick('facts');
  b.say(fact);
  b.replyLanguage();
  return { name, fact };
}

/** A new stranger steps up and talks: they are nobody yet, and hear nothing of the ones before. */
function nextStranger(b: VisitBuilder, before: { names: string[]; facts: string[] }): void {
  b.say(b.rng.chance(0.5) ? b.pick('greetings') : question(b, b.rng.pick(['questionsRobot', 'questionsPast'] as const)));
  b.expect('privacy', { turn: { user_id: null } });
  b.expect('privacy', { not_speak: secrets(before.names, before.facts) });
}

/** "Okay, bye then!" and the visitor stays in view: the visit is over, and nobody is greeted again. */
export function goodbyeVisit(b: VisitBuilder): string {
  arriveUnknown(b);
  const { name, fact } = strangerTells(b, []);
  const bye = b.pick('goodbyes');
  b.say(bye);
  b.expect('presence', { session: { event: 'end', reason: 'farewell' } });
  b.expect('privacy', { not_speak: anyOf([fact]) });
  const stored = b.rng.chance(0.5);
  if (stored) {
    // Face recognition has stored the face by now and reports it by id.
    b.act({ publish: { topic: 'graph/face_stored', payload: { user_name: name, user_id: `@${name}`, status: 'face_stored_new_user' } } });
    b.act({ detect: `@${name}` });
  } else {
    // Perception goes on reporting the same unknown face. As an action it also closes the window
    // of the farewell: "Goodbye, Dana!" answers Dana herself; only what comes after it would be a re-greeting.
    b.act({ detect: null });
  }
  b.act({ wait_ms: 3500 });
  b.expect('presence', { not_speak: secrets([name], [fact]) });
  let queue = '';
  if (b.rng.chance(0.5)) {
    b.act({ leave: true });
    b.act({ wait_ms: ABSENT_MS });
    b.act({ detect: null });
    nextStranger(b, { names: [name], facts: [fact] });
    queue = ', then a stranger steps up';
  }
  b.expect('privacy', { user_info_names: [name] });
  return `${name} says ${JSON.stringify(bye)} and lingers (${stored ? 'face stored' : 'still unknown to perception'})${queue}`;
}

/** The visitor walks away without a word; the next unknown face is someone new. */
export function walkAwayVisit(b: VisitBuilder): string {
  arriveUnknown(b);
  const { name, fact } = strangerTells(b, []);
  b.act({ leave: true });
  b.expect('presence', { session: { event: 'end', reason: 'left' }, within_ms: ABSENT_MS + 8000 });
  b.act({ detect: null });
  nextStranger(b, { names: [name], facts: [fact] });
  b.expect('privacy', { user_info_names: [name] });
  return `${name} walks away without goodbye; a stranger comes`;
}

/** Two or three people in turn, known or strangers, replacing each other or coming after a gap. */
export function queueVisit(b: VisitBuilder): string {
  const before = { names: [] as string[], facts: [] as string[] };
  const who: string[] = [];
  const count = 2 + b.rng.int(2);
  let lastUnknown = false;
  for (let i = 0; i < count; i++) {
    const isKnown = b.rng.chance(0.5);
    if (i > 0) {
      // An unknown face replaced by another unknown face looks like nobody changed: only a gap tells them apart.
      if ((lastUnknown && !isKnown) || b.rng.chance(0.5)) {
        b.act({ leave: true });
        b.act({ wait_ms: ABSENT_MS });
        who.push('gap');
      } else who.push('replaced');
    }
    lastUnknown = !isKnown;
    if (isKnown) {
      const name = farName(b, before.names);
      const id = known(b, name);
      b.act({ detect: id });
      b.expect('arrival', { speak: anyOf([name]), within_ms: 6000 });
      if (before.names.length) b.expect('privacy', { not_speak: secrets(before.names, before.facts) });
      b.act({ wait_ms: 1500 });
      b.say(question(b, 'questionsPast'));
      b.expect('arrival', { turn: { user_id: id } });
      if (before.names.length) b.expect('privacy', { not_speak: secrets(before.names, before.facts) });
      b.replyLanguage();
      before.names.push(name);
      who.push(`${name} (known)`);
    } else {
      b.act({ detect: null });
      if (before.names.length) nextStranger(b, before);
      const told = strangerTells(b, before.names);
      if (before.names.length) b.expect('privacy', { not_speak: secrets(before.names, before.facts) });
      before.names.push(told.name);
      before.facts.push(told.fact);
      who.push(`${told.name} (stranger)`);
    }
  }
  return `a queue: ${who.join(', ')}`;
}

/** While the robot explains, the visitor says "uh-huh": its speech goes on. */
export function backchannelVisit(b: VisitBuilder): string {
  arriveUnknown(b);
  b.say(question(b, b.rng.pick(['questionsRobot', 'questionsKnowledge'] as const)));
  b.expect('backchannel', { speak: '/./' });
  const said: string[] = [];
  for (let i = 1 + b.rng.int(2); i > 0; i--) {
    b.act({ wait_ms: 100 + b.rng.int(500) });
    const text = b.rng.chance(0.2) ? b.rng.pick(b.parts.fillers).replace(/[,，]$/u, '…') : b.pick('backchannels');
    said.push(text);
    b.say(text, { interrupt: true });
    b.expect('backchannel', { no_stop_speaking: true });
  }
  return `backchannels while the robot speaks: ${said.map((s) => JSON.stringify(s)).join(', ')}`;
}

/** A real question while the robot speaks still cuts it off and is answered. */
export function interruptionVisit(b: VisitBuilder): string {
  arriveUnknown(b);
  b.say(question(b, 'questionsRobot'));
  b.expect('interruption', { speak: '/./' });
  const text = b.rng.chance(0.5) ? question(b, 'questionsKnowledge') : introduction(b, farName(b, []), 0);
  b.say(text, { interrupt: true });
  b.expect('interruption', { stop_speaking: true });
  b.expect('interruption', { turn: { user_text: text } });
  b.replyLanguage();
  return `interrupted by ${JSON.stringify(text)}`;
}
