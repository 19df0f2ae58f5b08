import { z } from 'zod';
import { detectLanguageRequest, IntentSchema, isSupportedLanguage, type Intent, type LanguageRequest } from '../../intent/index.js';
import type { Language } from '../../config/index.js';
import type { LlmMessage } from '../../llm/index.js';
import { askModel } from '../../llm/index.js';
import { detectAnswer } from '../../people/index.js';
import { defineAgent } from '../agent.js';
import { asksSomething, isBackchannel } from '../../language/index.js';
import type { Ports } from '../ports.js';
import type { ChatMessage } from '../state.js';

export const LlmIntentSchema = z.object({
  intent: IntentSchema,
  /** ISO 639-1 code of the language asked for, for language_change. */
  language: z.string().nullish(),
});

const INTENT_INSTRUCTIONS = `You classify what a person just said to a receptionist robot. Answer with JSON only:
{"intent": one of "first_greeting", "update_user_info", "end_conversation", "language_change", "continue_conversation",
 "language": ISO 639-1 code of the language the person asks the robot to speak, or null}
- first_greeting: the person greets the robot or opens the conversation.
- update_user_info: the person tells something about themselves (name, company, job, where they live, hobbies, interests), or answers a question about their name.
- end_conversation: the person says goodbye or ends the conversation.
- language_change: the person asks the robot to speak or switch to a language, or asks whether it can.
- continue_conversation: anything else (questions, small talk, requests).`;

type IntentPorts = Pick<Ports, 'intent' | 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId'>;

/**
 * The on-device model classifies; below the confidence threshold the language
 * model decides, when there is one. language_change also yields the language asked for.
 */
export const intentAgent = defineAgent({
  name: 'intent',
  // It decides whether the person told something about themselves, even in a cancelled turn.
  critical: true,
  reads: ['user_text', 'messages', 'language', 'language_hint', 'name_confirmation', 'turn_number'],
  writes: ['intent', 'intent_confidence', 'intent_source', 'language', 'requested_language'],
  async run(s, ports: IntentPorts) {
    // A speech-to-text engine that knows the spoken language settles the session language.
    const language = s.language_hint ?? s.language;
    // While "Is your name …?" waits for an answer, the answer goes to memory_update; a question
    // asked instead ("Where is the lift?") is classified as itself, to be answered (memory_update
    // still runs, and asks again).
    if (s.name_confirmation && !(asksSomething(s.user_text) && detectAnswer(s.user_text) === 'unclear')) {
      return { intent: 'update_user_info', intent_confidence: 1, intent_source: 'forced', language, requested_language: null };
    }
    let intent: Intent = 'continue_conversation';
    let confidence = 0;
    let source: 'model' | 'llm' | 'fallback' = 'fallback';
    let llmLanguage: string | null = null;

    if (ports.intent) {
      const prediction = await ports.intent.classify(s.user_text);
      ports.metrics.model('intent', prediction.ms);
      ({ intent, confidence } = prediction);
      source = 'model';
    }
    if (confidence < ports.config.dialogue.intentThreshold) {
      const asked = await askModel(ports, { agent: 'intent', fallback: 'keeping the on-device result', metric: 'intent_llm' }, (llm, base) =>
        llm.json({ ...base, messages: intentPrompt(s.user_text, s.messages) }, LlmIntentSchema),
      );
      if (asked.ok) {
        ({ intent } = asked.value);
        confidence = 1;
        source = 'llm';
        llmLanguage = asked.value.language ?? null;
      }
    }

    let requested: LanguageRequest | null = null;
    if (intent === 'language_change') {
      // A request is a switch away from the language the visit was in (s.language), whatever the
      // words of this turn are in: "Sprichst du Deutsch?" asks for German even though it is German.
      requested = detectLanguageRequest(s.user_text, s.language) ?? fromLlm(llmLanguage);
    }
    // Two things at once: "Sprichst du Deutsch? Was kannst du alles?" switches language, and the
    // question is then answered in it, as conversation; the canned "From now on…" only when the
    // request was all that was said.
    const request = intent === 'language_change' || intent === 'continue_conversation' ? await requestAmong(s.user_text, s.language, ports) : null;
    if (request) {
      ports.log.info({ language: request.code, guessed: intent }, 'intent: a language switch with something more to answer');
      return { intent: 'continue_conversation', intent_confidence: confidence, intent_source: source, language: request.code as typeof language, requested_language: request };
    }
    // An unsure guess that nobody confirmed is not acted on when acting costs more than missing
    // it: a farewell clears the conversation, a language switch that names no language asks a
    // question nobody raised. ("You are a useless machine" must not end the conversation.)
    const unsure = source === 'model' && confidence < ports.config.dialogue.intentThreshold;
    if (unsure && (intent === 'end_conversation' || (intent === 'language_change' && !requested))) {
      ports.log.info({ guessed: intent, confidence }, 'intent: unsure guess not acted on; taken as conversation');
      intent = 'continue_conversation';
      source = 'fallback';
    }
    // Once the person has spoken in this conversation they have been greeted: a question taken for
    // a greeting ("¿Se puede pagar con tarjeta aquí?", "Hi, where's the lift?") is answered, not
    // greeted again and waved at, and an unsure greeting guess is not acted on. A greeting that
    // asks nothing ("Hello again!") is still one.
    if (intent === 'first_greeting' && s.turn_number > 1 && (unsure || asksSomething(s.user_text))) {
      ports.log.info({ guessed: intent, confidence }, 'intent: a greeting in the middle of a visit that asks something or is unsure; taken as conversation');
      intent = 'continue_conversation';
      source = 'fallback';
    }
    // A listener's token alone ("OK", "alles klar", "vale", "好的") acknowledges what the robot
    // said, however sure the model is of something else: it is no goodbye (which would end the
    // visit), no greeting, no news about the person and no request for a language.
    if (intent !== 'continue_conversation' && source === 'model' && isBackchannel(s.user_text)) {
      ports.log.info({ guessed: intent, confidence }, 'intent: a bare acknowledgement; taken as conversation');
      intent = 'continue_conversation';
      source = 'fallback';
    }
    return {
      intent,
      intent_confidence: confidence,
      intent_source: source,
      language: requested?.supported ? (requested.code as typeof language) : language,
      requested_language: requested,
    };
  },
});

/**
 * The supported language asked for by one sentence of an utterance of several, the others being
 * something more to answer; null when there is no such sentence, or nothing more.
 */
async function requestAmong(text: string, current: Language, ports: Pick<IntentPorts, 'intent'>): Promise<LanguageRequest | null> {
  const sentences = text.split(/(?<=[.?!？。！])\s*/u).filter((p) => /[\p{L}\p{N}]/u.test(p));
  if (sentences.length < 2 || !ports.intent) return null;
  for (const sentence of sentences) {
    const request = detectLanguageRequest(sentence, current);
    if (request?.supported && request.code !== current && (await ports.intent.classify(sentence)).intent === 'language_change') return request;
  }
  return null;
}

function fromLlm(code: string | null): LanguageRequest | null {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return base && /^[a-z]{2,3}$/.test(base) ? { code: base, supported: isSupportedLanguage(base) } : null;
}

function intentPrompt(text: string, history: ChatMessage[]): LlmMessage[] {
  // The robot's last question decides cases like a bare "Alex" (an answer to "what's your name?").
  const lastRobot = history.slice(0, -1).findLast((m) => m.role === 'assistant')?.content;
  const context = lastRobot ? `The robot last said: "${lastRobot}"\n` : '';
  return [
    { role: 'system', content: INTENT_INSTRUCTIONS },
    { role: 'user', content: `${context}The person says: "${text}"` },
  ];
}
