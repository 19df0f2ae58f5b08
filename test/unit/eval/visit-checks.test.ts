import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadScenario, type Expectation } from '../../../src/eval/index.js';
import { TOPIC, type Heard } from '../../../src/eval/stage.js';
import { visitChecks } from '../../../src/eval/visit-checks.js';
import { anyOf, notId } from '../../../src/eval/generate/builder.js';
import { toRegex } from '../../../src/eval/match.js';
import { tempDir } from '../../helpers/config.js';

let seq = 0;
const heard = (topic: string, text: string): Heard => ({ seq: ++seq, at: seq, topic, text, ours: false });

const scenarioFile = path.join(tempDir('nadine-visit-checks-'), 'expect.yaml');
/** The expectation is one a scenario file may hold: it loads as a step (JSON is YAML). */
function valid(e: Expectation): void {
  writeFileSync(scenarioFile, JSON.stringify({ name: 'check', steps: [{ expect: e }] }));
  loadScenario(scenarioFile);
}

/** The failures of an expectation over what the daemon published (all of it in the window). */
function run(e: Expectation, published: Heard[]): string[] {
  valid(e);
  const on = (topic: string) => published.filter((h) => h.topic === topic);
  return visitChecks(e, { window: on, all: on, resolve: (v) => v })
    .map((c) => c())
    .filter((f): f is string => f !== null);
}

describe('the checks of generated visits', () => {
  it('speak_language fails on a reply in another language, not on one it cannot tell', () => {
    expect(run({ speak_language: 'de' }, [heard(TOPIC.speak, 'Nice to meet you, Jonas.')])).toEqual([expect.stringMatching(/^speak_language de: "Nice to meet you, Jonas\." is en/)]);
    expect(run({ speak_language: 'de' }, [heard(TOPIC.speak, 'Schön, dich kennenzulernen, Jonas!'), heard(TOPIC.speak, 'Jonas?')])).toEqual([]);
  });

  it('speak_language leaves out a sentence of an earlier reply that came late', () => {
    const greeting = heard(TOPIC.turn, JSON.stringify({ user_text: 'Salut !', reply: "Hello, hello! What's your name?" }));
    const late = heard(TOPIC.speak, "What's your name?");
    const answer = heard(TOPIC.turn, JSON.stringify({ user_text: "Moi, c'est Mathis.", reply: 'Ravie de faire ta connaissance, Mathis.' }));
    const spoken = heard(TOPIC.speak, 'Ravie de faire ta connaissance, Mathis.');
    const checks = (window: Heard[]) =>
      visitChecks({ speak_language: 'fr' }, { window: (t) => window.filter((h) => h.topic === t), all: (t) => [greeting, ...window].filter((h) => h.topic === t), resolve: (v) => v })
        .map((c) => c())
        .filter((f) => f !== null);
    expect(checks([late, answer, spoken])).toEqual([]);
    // Said again in this reply, it is this reply's.
    const again = heard(TOPIC.turn, JSON.stringify({ user_text: 'Bonjour !', reply: "What's your name?" }));
    expect(checks([again, late])).toEqual([expect.stringMatching(/is en/)]);
  });

  it('no_stop_speaking fails when the robot was told to stop', () => {
    expect(run({ no_stop_speaking: true }, [heard(TOPIC.speak, 'I can tell you about this building.')])).toEqual([]);
    expect(run({ no_stop_speaking: true }, [heard(TOPIC.stop, ''), heard(TOPIC.speak, 'Thanks for telling me!')])[0]).toMatch(/stop_speaking was published \(then the robot said "Thanks for telling me!"\)/);
  });

  it('user_info_count and user_info_names see the whole visit: "Yo" is never a name', () => {
    const infos = [heard(TOPIC.userInfo, '{"user_name":"Yo","user_id":"yo-1a2b3c"}')];
    expect(run({ user_info_names: ['Mariana'] }, infos)[0]).toMatch(/perception was sent \{"user_name":"Yo"/);
    expect(run({ user_info_count: { count: 1, match: { user_name: 'Mariana' } } }, infos)[0]).toMatch(/expected 1 matching .*got 0/);
    const twice = [heard(TOPIC.userInfo, '{"user_name":"Mariana","user_id":"m_1"}'), heard(TOPIC.userInfo, '{"user_name":"Mariana","user_id":"m_1"}')];
    expect(run({ user_info_count: { count: 1 } }, twice)[0]).toMatch(/expected 1, got 2/);
    expect(run({ user_info_count: { count: 1 }, user_info_names: ['mariana'] }, twice.slice(1))).toEqual([]);
  });
});

describe('the patterns of generated expectations', () => {
  it('a name is matched as a word, a Chinese name anywhere', () => {
    const till = toRegex(anyOf(['Till']));
    expect(till.test('Hello Till!')).toBe(true);
    expect(till.test('I am still here.')).toBe(false);
    expect(toRegex(anyOf(['王芳'])).test('欢迎回来，王芳！')).toBe(true);
    expect(toRegex(anyOf(["I'm picking up a parcel for my sister."])).test('I remember you told me: “I\'m picking up a parcel for my sister.”')).toBe(true);
  });

  it('notId matches any id but the ones given', () => {
    const re = toRegex(notId(['mariana_07']));
    expect(re.test('mariana_07')).toBe(false);
    expect(re.test('marianna-3f2a1b')).toBe(true);
  });
});
