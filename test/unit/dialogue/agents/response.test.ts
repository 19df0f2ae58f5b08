import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../src/config/index.js';
import { responseAgent } from '../../../../src/dialogue/agents/response.js';
import { newSession, offlineReply, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { INTENTS } from '../../../../src/intent/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { FakeOllama } from '../../../helpers/fake-ollama.js';
import { onFakeOllama } from '../../../helpers/online.js';
import { turnPorts } from '../../../helpers/ports.js';

let server: FakeOllama | null = null;

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), ...patch });

async function withOllama(reply: Parameters<typeof onFakeOllama>[0], config: Parameters<typeof onFakeOllama>[1] = {}) {
  const online = await onFakeOllama(reply, config);
  server = online.server;
  return online.ports;
}

describe('response agent', () => {
  it('answers every intent offline, in every language, with no placeholder left', () => {
    for (const language of LANGUAGES) {
      for (const intent of INTENTS) {
        for (const user_name of [null, 'Ana']) {
          const reply = offlineReply(
            { intent, language, requested_language: { code: 'sw', supported: false }, user_info: { user_id: null, user_name } },
            { robotName: 'Nadine', pick: () => 0 },
          );
          expect(reply, `${intent}/${language}`).not.toMatch(/[{}]/);
          expect(reply.length).toBeGreaterThan(5);
          if (user_name && (intent === 'first_greeting' || intent === 'end_conversation')) expect(reply).toContain('Ana');
        }
      }
    }
  });

  it('says honestly that it cannot converse without its language model', async () => {
    const ports = turnPorts(testConfig());
    const patch = await step(responseAgent, turn('What is the capital of France?', { intent: 'continue_conversation' }), ports);
    expect(patch.final_message).toMatch(/language model isn't available/);
    expect(ports.reply.text).toBe(patch.final_message);
    expect(ports.reply.ends).toBe(1);
  });

  it('confirms a language switch in the new language', async () => {
    const ports = turnPorts(testConfig());
    const patch = await step(responseAgent, 
      turn('Parle français', { intent: 'language_change', language: 'fr', requested_language: { code: 'fr', supported: true } }),
      ports,
    );
    expect(patch.final_message).toMatch(/je parle français/);
  });

  it('streams the language model reply into the reply sink, with persona, language rule and history in the prompt', async () => {
    const ports = await withOllama(() => 'Paris is the capital of France.');
    const state = turn('And the capital of France?', {
      intent: 'continue_conversation',
      language: 'de',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'And the capital of France?' },
      ],
    });
    const patch = await step(responseAgent, state, ports);
    expect(patch.final_message).toBe('Paris is the capital of France.');
    expect(ports.reply.text).toBe('Paris is the capital of France.');
    const [system, ...history] = server!.chats[0]!.messages;
    expect(system!.content).toMatch(/You are Nadine/);
    expect(system!.content).toMatch(/Always reply in German/);
    expect(system!.content).toMatch(/Saturday, 21 November 2026/);
    // The history as it was, then the utterance with this turn's notes after it (the time of day).
    expect(history.map((m) => m.content)).toEqual(['Hi', 'Hello!', 'And the capital of France?\n\n[It is 10:00.\nYou do not know the name of the person you are talking with yet.]']);
    expect(ports.modelMs.response).toBeGreaterThan(0);
  });

  it('falls back to the offline line when the model fails before saying anything', async () => {
    const ports = await withOllama(() => ({ text: '', status: 500 }));
    const patch = await step(responseAgent, turn('Good morning!', { intent: 'first_greeting' }), ports);
    expect(patch.final_message).toMatch(/I'm Nadine/);
    expect(ports.reply.text).toBe(patch.final_message);
  });
});
