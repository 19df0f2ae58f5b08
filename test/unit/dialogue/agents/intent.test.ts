import { describe, expect, it } from 'vitest';
import { intentAgent } from '../../../../src/dialogue/agents/intent.js';
import { newSession, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { FakeOllama } from '../../../helpers/fake-ollama.js';
import { onFakeOllama } from '../../../helpers/online.js';
import { turnPorts } from '../../../helpers/ports.js';
import { intentModel } from '../../../helpers/per-test.js';

const classifier = await intentModel();
let server: FakeOllama | null = null;

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), ...patch });

/** The on-device intent model, and the language model on a fake Ollama. */
async function withOllama(reply: Parameters<typeof onFakeOllama>[0], config: Parameters<typeof onFakeOllama>[1] = {}) {
  const online = await onFakeOllama(reply, config, { intent: classifier });
  server = online.server;
  return online.ports;
}

describe('intent agent', () => {
  it('classifies with the on-device model and reports its time as model time', async () => {
    const ports = turnPorts(testConfig(), { intent: classifier });
    const patch = await step(intentAgent, turn('Hello there!'), ports);
    expect(patch).toMatchObject({ intent: 'first_greeting', intent_source: 'model', language: 'en', requested_language: null });
    expect(patch.intent_confidence).toBeGreaterThan(0.6);
    expect(ports.modelMs.intent).toBeGreaterThan(0);
  });

  it('switches the session language and names the language asked for', async () => {
    const ports = turnPorts(testConfig(), { intent: classifier });
    expect(await step(intentAgent, turn('Kannst du Deutsch sprechen?'), ports)).toMatchObject({
      intent: 'language_change',
      language: 'de',
      requested_language: { code: 'de', supported: true },
    });
    // A language the robot cannot speak is named, but the session language stays.
    expect(await step(intentAgent, turn('Can you speak Swahili?'), ports)).toMatchObject({
      intent: 'language_change',
      language: 'en',
      requested_language: { code: 'sw', supported: false },
    });
  });

  it('follows the language reported by speech-to-text', async () => {
    const patch = await step(intentAgent, turn('Bonjour !', { language_hint: 'fr' }), turnPorts(testConfig(), { intent: classifier }));
    expect(patch.language).toBe('fr');
  });

  it('asks the language model below the confidence threshold, and keeps the model result if it fails', async () => {
    const ports = await withOllama(() => '{"intent": "update_user_info", "language": null}', { dialogue: { intentThreshold: 1 } });
    expect(await step(intentAgent, turn('Alex.'), ports)).toMatchObject({ intent: 'update_user_info', intent_source: 'llm', intent_confidence: 1 });
    expect(server!.chats[0]!.messages.at(-1)!.content).toContain('Alex.');
    expect(server!.chats[0]!.model).toBe('qwen2.5:3b'); // the small profile

    server!.setReply(() => ({ text: '', status: 500 }));
    const fallback = await step(intentAgent, turn('Hello there!'), ports);
    expect(fallback).toMatchObject({ intent: 'first_greeting', intent_source: 'model' });
  });

  it('does not end the conversation or ask for a language on an unsure guess that nobody confirmed', async () => {
    const unsure = (intent: 'end_conversation' | 'language_change') => ({
      classify: async () => ({ intent, confidence: 0.3, scores: {} as never, ms: 0.1 }),
    });
    const ports = (intent: 'end_conversation' | 'language_change') => turnPorts(testConfig(), { intent: unsure(intent) });
    expect(await step(intentAgent, turn('You are a useless machine.'), ports('end_conversation'))).toMatchObject({
      intent: 'continue_conversation',
      intent_source: 'fallback',
    });
    expect(await step(intentAgent, turn('Can you do that the other way?'), ports('language_change'))).toMatchObject({
      intent: 'continue_conversation',
      requested_language: null,
    });
    // Naming a language makes an unsure switch clear enough to act on.
    expect(await step(intentAgent, turn('Deutsch bitte'), ports('language_change'))).toMatchObject({ intent: 'language_change', language: 'de' });
    // A sure farewell is a farewell.
    expect(await step(intentAgent, turn('Goodbye!'), turnPorts(testConfig(), { intent: classifier }))).toMatchObject({ intent: 'end_conversation' });
  });

  it('never takes a bare acknowledgement for a farewell or any other act, in five languages, however sure the model is', async () => {
    const sure = { classify: async () => ({ intent: 'end_conversation' as const, confidence: 0.95, scores: {} as never, ms: 0.1 }) };
    const ports = turnPorts(testConfig(), { intent: sure });
    for (const text of ['OK', 'Okay.', 'Alles klar.', "D'accord", 'Vale, vale.', '好的', '嗯，明白了。']) {
      expect(await step(intentAgent, turn(text), ports), text).toMatchObject({ intent: 'continue_conversation', intent_source: 'fallback' });
    }
    // A goodbye said with an acknowledgement is still a goodbye.
    for (const text of ['Okay, bye then!', 'Alles klar, tschüss!', "D'accord, au revoir !", 'Vale, adiós.', '好的，再见！']) {
      expect(await step(intentAgent, turn(text), ports), text).toMatchObject({ intent: 'end_conversation' });
    }
    // The real model, on the acknowledgements it took for a goodbye and for a greeting.
    for (const text of ['OK', 'Alles klar.']) {
      expect(await step(intentAgent, turn(text), turnPorts(testConfig(), { intent: classifier })), text).toMatchObject({ intent: 'continue_conversation' });
    }
    // Nor for a greeting, news about the person or a request for a language.
    for (const intent of ['first_greeting', 'update_user_info', 'language_change'] as const) {
      const guess = { classify: async () => ({ intent, confidence: 0.95, scores: {} as never, ms: 0.1 }) };
      expect(await step(intentAgent, turn('Alles klar.'), turnPorts(testConfig(), { intent: guess })), intent).toMatchObject({ intent: 'continue_conversation' });
    }
  });

  it('uses the language model alone when there is no intent model', async () => {
    const ports = await withOllama(() => '{"intent": "language_change", "language": "fr"}');
    ports.intent = null;
    expect(await step(intentAgent, turn('could we, um, do this the other way'), ports)).toMatchObject({
      intent: 'language_change',
      language: 'fr',
      requested_language: { code: 'fr', supported: true },
    });
  });

  it('falls back to conversation with no model of any kind', async () => {
    expect(await step(intentAgent, turn('Hello'), turnPorts(testConfig()))).toMatchObject({
      intent: 'continue_conversation',
      intent_confidence: 0,
      intent_source: 'fallback',
    });
  });
});
