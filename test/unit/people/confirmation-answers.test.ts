import { describe, expect, it } from 'vitest';
import { memoryUpdateAgent } from '../../../src/dialogue/agents/memory-update.js';
import { newSession, startTurn, step, type TurnState } from '../../../src/dialogue/index.js';
import { composeConfirmationAnswers } from '../../helpers/confirmation-answers.js';
import type { Language } from '../../../src/config/index.js';
import type { ProfileStore } from '../../../src/people/index.js';
import { testConfig } from '../../helpers/config.js';
import { RecordingPerception, turnPorts } from '../../helpers/ports.js';

/** Per language: someone known, and the near name a visitor gives (the robot asks "Is your name …?"). */
const KNOWN: Record<Language, { id: string; known: string; said: string; intro: string }> = {
  en: { id: 'alice_01', known: 'Alice', said: 'Alicia', intro: 'My name is Alicia.' },
  de: { id: 'anna_01', known: 'Anna', said: 'Anja', intro: 'Ich heiße Anja.' },
  fr: { id: 'marie_01', known: 'Marie', said: 'Maria', intro: "Je m'appelle Maria." },
  es: { id: 'mariana_01', known: 'Mariana', said: 'Marianna', intro: 'Hola, me llamo Marianna.' },
  zh: { id: 'wang_01', known: '王小明', said: '王晓明', intro: '我叫王晓明。' },
};

async function turn(ports: ReturnType<typeof turnPorts>, before: TurnState | null, text: string, language: Language): Promise<TurnState> {
  const session = before ?? { ...newSession(language), language };
  const state = { ...startTurn(session, 't', text, null), intent: 'update_user_info' as const };
  return { ...state, ...(await step(memoryUpdateAgent, state, ports)) };
}

describe('an answer to "Is your name …?" never becomes a name', () => {
  const answers = composeConfirmationAnswers(200, 23);

  it('composes 200 answers in the five languages', () => {
    expect(answers).toHaveLength(200);
    expect(new Set(answers.map((a) => a.language))).toEqual(new Set(['en', 'de', 'fr', 'es', 'zh']));
    expect(new Set(answers.map((a) => a.text)).size).toBeGreaterThan(120);
  });

  it.each(answers.map((a) => [a.language, a.text, a.kind] as const))('[%s] "%s" (%s)', async (language, text, kind) => {
    const { id, known, said, intro } = KNOWN[language];
    const perception = new RecordingPerception();
    const ports = turnPorts(testConfig(), { perception });
    (ports.people as ProfileStore).save({ user_id: id, user_name: known }, {});
    const asking = await turn(ports, null, intro, language);
    expect(asking.name_resolution).toMatchObject({ status: 'asking', candidate: { user_id: id } });

    const answered = await turn(ports, asking, text, language);
    // Whatever the answer, perception hears the name asked about or the name given, never another.
    for (const settled of perception.settled) expect([known, said]).toContain(settled.user_name);
    expect(perception.settled.length).toBeLessThanOrEqual(1);
    if (kind === 'yes') expect(answered.user_info).toMatchObject({ user_id: id, user_name: known });
    else expect(answered.user_info.user_id).not.toBe(id);
  });
});
