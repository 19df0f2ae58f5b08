import { expect } from 'vitest';
import type { Language } from '../../../../src/config/index.js';
import { correctsSettledName, memoryUpdateAgent } from '../../../../src/dialogue/agents/memory-update.js';
import { newSession, startTurn, step, type Session } from '../../../../src/dialogue/index.js';
import type { ProfileStore } from '../../../../src/people/index.js';
import { testConfig } from '../../../helpers/config.js';
import { RecordingPerception, turnPorts } from '../../../helpers/ports.js';

/**
 * The visits issue 23's held-out run failed, played through the real memory update (profile
 * store, name resolution, perception port) rather than one function: a known or new person
 * corrected after the robot used their name, a "yes" with a filler, an introduction with a job.
 */

/** How the robot uses a settled name in its reply, per language (the offline lines do). */
const CALLED: Record<Language, (name: string) => string> = {
  en: (n) => `Hello ${n}, nice to see you!`,
  de: (n) => `Hallo ${n}, schön dich zu sehen!`,
  fr: (n) => `Bonjour ${n}, ravie de vous voir !`,
  es: (n) => `¡Hola ${n}, qué gusto verte!`,
  zh: (n) => `${n}，你好，很高兴见到你！`,
};
/** A plain introduction, per language. */
export const INTRO: Record<Language, (name: string) => string> = {
  en: (n) => `My name is ${n}.`,
  de: (n) => `Ich heiße ${n}.`,
  fr: (n) => `Je m'appelle ${n}.`,
  es: (n) => `Me llamo ${n}.`,
  zh: (n) => `我叫${n}。`,
};

export function setup() {
  const perception = new RecordingPerception();
  const ports = turnPorts(testConfig(), { perception });
  return { ports, perception, store: ports.people as ProfileStore };
}
type Ports = ReturnType<typeof setup>['ports'];

/**
 * One turn of memory_update, as the graph runs it once the turn reaches it (whether it does,
 * whatever the intent model reads, is checked apart: routedAsCorrection); the robot's reply then
 * calls the person by the name settled, or asks about one.
 */
export async function turn(ports: Ports, before: Session | null, text: string, language: Language, intent: 'update_user_info' | 'continue_conversation' = 'update_user_info') {
  const session = before ?? { ...newSession(language), language };
  const state = { ...startTurn(session, 't', text, null), intent };
  const after = { ...state, ...(await step(memoryUpdateAgent, state, ports)) };
  const name = after.user_info.user_name;
  return { ...after, messages: [...after.messages, { role: 'assistant' as const, content: name && after.name_resolution.status !== 'asking' ? CALLED[language](name) : 'Is your name …?' }] };
}

/**
 * A known person is introduced under a near spelling (`said`), the robot asks "Is your name
 * `known`?", and `answer` confirms them: no one new, and perception told the known person once.
 */
export async function expectAnswerConfirmsKnown(language: Language, answer: string, known: string, said: string): Promise<void> {
  const { ports, perception, store } = setup();
  store.save({ user_id: 'k_01', user_name: known }, {});
  const asking = await turn(ports, null, fill(INTRO[language]('{n}'), { n: said }), language);
  expect(asking.name_resolution).toMatchObject({ status: 'asking', candidate: { user_id: 'k_01' } });
  const answered = await turn(ports, asking, answer, language);
  expect(answered.user_info).toMatchObject({ user_id: 'k_01', user_name: known });
  expect(perception.settled).toEqual([{ user_id: 'k_01', user_name: known }]);
}

/**
 * A known person is introduced under a near spelling (`said`), the robot asks "Is your name
 * `known`?", and `answer` puts it right or spells it: `said` is settled as someone new, told to
 * perception once, and never the known person.
 */
export async function expectAnswerSettlesNew(language: Language, answer: string, known: string, said: string): Promise<void> {
  const { ports, perception, store } = setup();
  store.save({ user_id: 'k_01', user_name: known }, {});
  const asking = await turn(ports, null, INTRO[language](said), language);
  expect(asking.name_resolution).toMatchObject({ status: 'asking', candidate: { user_id: 'k_01' } });
  const answered = await turn(ports, asking, answer, language);
  expect(answered.user_info.user_name).toBe(said);
  expect(answered.user_info.user_id).not.toBe('k_01');
  expect(perception.settled).toEqual([{ user_id: answered.user_info.user_id, user_name: said }]);
}

/** Whether the graph sends this utterance to memory_update even when the intent model calls it conversation. */
export function routedAsCorrection(before: Session, text: string): boolean {
  return correctsSettledName(startTurn(before, 't', text, null));
}

export const fill = (template: string, slots: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => slots[k] ?? `{${k}}`);

/** A pass rate, for the record this battery keeps (before and after the fix). */
export function rate(results: readonly boolean[]): string {
  const pass = results.filter(Boolean).length;
  return `${pass}/${results.length}`;
}
