import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { newSession, type Session } from '../../../../src/dialogue/index.js';
import { statesOwnName } from '../../../../src/people/index.js';
import { CORRECTIONS } from './corrections-data.js';
import { fill, INTRO, routedAsCorrection, setup, turn } from './harness.js';

/**
 * After the robot has used a name (the visitor's own introduction, linked to someone known or
 * settled as someone new; or a face recognised), the visitor puts it right, unprompted. The
 * graph must reach memory_update whatever the intent model reads, and the name must become the
 * right one (told to perception), never be asked about again.
 */
const cases = LANGUAGES.flatMap((language: Language) =>
  CORRECTIONS[language].templates.map((template, i) => {
    const [wrong, right] = CORRECTIONS[language].pairs[i % CORRECTIONS[language].pairs.length]!;
    return [language, fill(template, { wrong, right }), wrong, right] as const;
  }),
);

function reached(before: Session, text: string, language: Language): boolean {
  return routedAsCorrection(before, text) || statesOwnName(text, language);
}

describe('an unprompted correction of a name the robot used', () => {
  it.each(cases)('[%s] known by profile: "%s"', async (language, text, wrong, right) => {
    const { ports, perception, store } = setup();
    store.save({ user_id: 'k_01', user_name: wrong }, {});
    const met = await turn(ports, null, INTRO[language](wrong), language);
    expect(met.user_info).toMatchObject({ user_id: 'k_01', user_name: wrong });
    expect(reached(met, text, language), 'reaches memory_update').toBe(true);
    const fixed = await turn(ports, met, text, language);
    expect(fixed.name_resolution.status).not.toBe('asking');
    expect(fixed.user_info.user_name).toBe(right);
    expect(perception.settled.at(-1)?.user_name).toBe(right);
  });

  it.each(cases)('[%s] new: "%s"', async (language, text, wrong, right) => {
    const { ports, perception } = setup();
    const met = await turn(ports, null, INTRO[language](wrong), language);
    expect(met.name_resolution.status).toBe('new_user');
    expect(reached(met, text, language), 'reaches memory_update').toBe(true);
    const fixed = await turn(ports, met, text, language);
    expect(fixed.user_info.user_name).toBe(right);
    expect(perception.settled.at(-1)?.user_name).toBe(right);
  });

  it.each(cases)('[%s] recognised by face: "%s"', async (language, text, wrong, right) => {
    const { ports, perception, store } = setup();
    store.save({ user_id: 'k_01', user_name: wrong }, {});
    const greeted = { ...newSession(language, { user_id: 'k_01', user_name: wrong }), language, messages: [{ role: 'assistant' as const, content: `${wrong}!` }] };
    expect(reached(greeted, text, language), 'reaches memory_update').toBe(true);
    const fixed = await turn(ports, greeted, text, language);
    expect(fixed.name_resolution.status).not.toBe('asking');
    expect(fixed.user_info.user_name).toBe(right);
    expect(fixed.user_info.user_id).not.toBe('k_01');
    expect(perception.settled.at(-1)?.user_name).toBe(right);
  });
});
