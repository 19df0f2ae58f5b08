import { nameSimilarity } from '../../../people/index.js';
import { anyOf, type VisitBuilder } from '../builder.js';

/** Below the robot's lower name threshold (people.nameMatch.low, 0.6): never taken for one another. */
const FAR = 0.5;

/** A name of the visit's language far from every name already in the visit. */
export function farName(b: VisitBuilder, taken: readonly string[]): string {
  const free = b.parts.names.filter((n) => taken.every((t) => nameSimilarity(n, t) < FAR));
  if (!free.length) throw new Error(`no name far enough from ${taken.join(', ')}`);
  return b.rng.pick(free);
}

/** A user id as face recognition gives one (letters, digits, _): "mariana_42". */
export function knownId(b: VisitBuilder, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return `${slug || 'person'}_${10 + b.rng.int(90)}`;
}

/** Adds a known person (user_ids.json and a profile before the daemon starts). */
export function known(b: VisitBuilder, name: string): string {
  let id = knownId(b, name);
  while (b.people[id]) id = knownId(b, name);
  b.people[id] = name;
  return id;
}

/**
 * An unknown visitor arrives: seen first, or heard first (speech before any detection, then
 * perception catches up). Returns what was said on arrival, if anything.
 */
export function arriveUnknown(b: VisitBuilder): 'detected' | 'heard' {
  if (b.rng.chance(0.7)) {
    b.act({ detect: null });
    return 'detected';
  }
  b.say(b.pick('greetings'));
  b.act({ detect: null });
  return 'heard';
}

/** An introduction of `name`: plain, inside a greeting, with job and employer, or with a city. */
export function introduction(b: VisitBuilder, name: string, style = b.rng.int(4)): string {
  const join = (a: string, c: string) => `${a}${b.language === 'zh' ? '' : ' '}${c}`;
  if (style === 0) return b.pick('intros', { name });
  if (style === 1) return join(b.pick('greetings'), b.pick('intros', { name }));
  if (style === 2) return b.pick('introsWithJob', { name, job: b.rng.pick(b.parts.jobs), employer: b.rng.pick(b.parts.employers) });
  return b.pick('introsWithCity', { name, city: b.rng.pick(b.parts.cities) });
}

/** A question about the robot, its knowledge, or the visitor's own past visits. */
export function question(b: VisitBuilder, about = b.rng.pick(['questionsRobot', 'questionsKnowledge', 'questionsPast'] as const)): string {
  return b.pick(about);
}

/** What another person must never hear: their name and what they told the robot. */
export function secrets(names: readonly string[], facts: readonly string[]): string {
  return anyOf([...names, ...facts]);
}
