import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/config/index.js';
import { afterResponseAgent } from '../../../src/dialogue/agents/after-response.js';
import { intentAgent } from '../../../src/dialogue/agents/intent.js';
import { responseAgent } from '../../../src/dialogue/agents/response.js';
import { newSession, offlineReply, startTurn, type TurnState , step } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { INTENTS, OnnxIntentClassifier } from '../../../src/intent/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { MODELS_DIR, testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';
import { turnPorts } from '../../helpers/ports.js';

let classifier: OnnxIntentClassifier;
let server: FakeOllama | null = null;
beforeAll(async () => {
  classifier = await OnnxIntentClassifier.load(path.join(MODELS_DIR, 'intent'));
});
afterEach(async () => {
  await server?.close();
  server = null;
});

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), ...patch });

async function withOllama(reply: NonNullable<Parameters<typeof startFakeOllama>[0]>['reply'], config: Parameters<typeof testConfig>[0] = {}) {
  server = await startFakeOllama({ reply });
  const cfg = testConfig({ ...config, llm: { enabled: true, url: server.url, ...config.llm } });
  const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return turnPorts(cfg, { llm, intent: classifier });
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

describe('after-response agent', () => {
  const config = testConfig({ dialogue: { historyTurns: 2 } });
  const ports = turnPorts(config);

  it('waves on greetings and farewells, and only then', async () => {
    expect((await step(afterResponseAgent, turn('Hi', { intent: 'first_greeting', final_message: 'Hello!' }), ports)).gestures).toEqual(['WAVE_HAND']);
    expect((await step(afterResponseAgent, turn('Bye', { intent: 'end_conversation', final_message: 'Bye!' }), ports)).gestures).toEqual(['WAVE_HAND']);
    expect((await step(afterResponseAgent, turn('Why?', { intent: 'continue_conversation', final_message: 'Because.' }), ports)).gestures ?? []).toEqual([]);
    const custom = turnPorts(testConfig({ gestures: { greeting: 'BOW', farewell: null } }));
    expect((await step(afterResponseAgent, turn('Hi', { intent: 'first_greeting' }), custom)).gestures).toEqual(['BOW']);
    expect((await step(afterResponseAgent, turn('Bye', { intent: 'end_conversation' }), custom)).gestures ?? []).toEqual([]);
  });

  it('ends the conversation on a farewell, and only then', async () => {
    expect(await step(afterResponseAgent, turn('Bye', { intent: 'end_conversation' }), ports)).toMatchObject({ conversation_id: null });
    expect(await step(afterResponseAgent, turn('Why?', { intent: 'continue_conversation' }), ports)).not.toHaveProperty('conversation_id');
  });
});
