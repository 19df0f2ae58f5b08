import { askModel } from '../../llm/index.js';
import {
  appraisalMessages,
  appraiseLexicon,
  cleanLlmAppraisal,
  elicit,
  LlmAppraisalSchema,
  snapshot,
  type Appraisal,
  type Cue,
  type EmotionIntensity,
} from '../../affect/index.js';
import type { Config } from '../../config/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import type { TurnState } from '../state.js';

type AppraisalPorts = Pick<Ports, 'affect' | 'llm' | 'config' | 'clock' | 'log' | 'metrics' | 'signal' | 'turnId'>;

/** The animation for the strongest appraised emotion that has one and is strong enough. */
function gestureFor(appraised: readonly EmotionIntensity[], gestures: Config['gestures']): string | null {
  for (const e of [...appraised].sort((a, b) => b.intensity - a.intensity)) {
    const animation = gestures.emotions[e.emotion];
    if (animation && e.intensity >= gestures.emotionMinIntensity) return animation;
  }
  return null;
}

const INTENT_CUES: Partial<Record<NonNullable<TurnState['intent']>, Cue>> = { first_greeting: 'greeting', end_conversation: 'farewell' };

/**
 * Appraises the visitor's utterance of this turn, and only it (never a recalled memory or the
 * robot's own words), into OCC emotions on the device, with the multilingual lexicon, and writes the emotion and mood they leave the robot in, for the reply and
 * the turn event: no model call stands between the person and the robot's first word. A strong
 * enough emotion with an animation (config gestures.emotions) adds that gesture. When the language
 * model can appraise, it does so after the reply (reappraisal), and what it finds becomes the
 * robot's affect; otherwise this agent's effect commits the lexicon's emotions.
 */
export const appraisalAgent = defineAgent({
  name: 'appraisal',
  // An insult cut short by the next utterance still hurt.
  critical: true,
  reads: ['user_text', 'intent', 'language'],
  writes: ['appraisal', 'affect', 'gestures', 'reappraise'],
  run(s, ports: AppraisalPorts) {
    const cue = s.intent ? INTENT_CUES[s.intent] : undefined;
    const appraisal: Appraisal = { emotions: appraiseLexicon({ text: s.user_text, cues: cue ? [cue] : [], language: s.language }).emotions, source: 'lexicon' };
    const now = snapshot(felt(ports, appraisal));
    const gesture = gestureFor(appraisal.emotions, ports.config.gestures);
    ports.log.debug({ appraised: appraisal.emotions, source: appraisal.source, emotion: now.emotion, octant: now.octant, mood: now.mood, gesture }, 'appraisal');
    return { appraisal, affect: now, reappraise: ports.llm.available('appraisal'), ...(gesture && { gestures: [gesture] }) };
  },
  // Feeling nothing changes nothing: only a turn that elicited emotions is committed (and saved).
  effect(patch, _state, ports) {
    if (!patch.reappraise && patch.appraisal?.emotions.length) ports.affect.commit(felt(ports, patch.appraisal));
  },
});

/**
 * After the reply, beside it: the language model appraises the utterance (nothing else),
 * and its emotions, or the lexicon's when it fails, become the robot's affect. Critical, like the
 * appraisal: in a cancelled turn it commits the lexicon's emotions at once.
 */
export const reappraisalAgent = defineAgent({
  name: 'reappraisal',
  critical: true,
  reads: ['user_text', 'appraisal', 'reappraise'],
  writes: ['appraisal', 'affect'],
  async run(s, ports: AppraisalPorts) {
    if (!s.reappraise || !s.appraisal) return {};
    const asked = await askModel(ports, { agent: 'appraisal', fallback: 'keeping the lexicon’s appraisal' }, (llm, base) =>
      // After the reply: the next turn's calls go first.
      llm.json({ ...base, background: true, messages: appraisalMessages({ robotName: ports.config.persona.name, text: s.user_text }) }, LlmAppraisalSchema),
    );
    const appraisal: Appraisal = asked.ok ? { emotions: cleanLlmAppraisal(asked.value), source: 'llm' } : s.appraisal;
    const now = snapshot(felt(ports, appraisal));
    ports.log.debug({ appraised: appraisal.emotions, source: appraisal.source, emotion: now.emotion, octant: now.octant }, 'reappraisal');
    return { appraisal, affect: now };
  },
  effect(patch, _state, ports) {
    if (patch.appraisal?.emotions.length) ports.affect.commit(felt(ports, patch.appraisal));
  },
});

/** The robot's affect now, after feeling what was appraised. */
function felt(ports: Pick<AppraisalPorts, 'affect' | 'clock'>, appraisal: Appraisal) {
  const affect = ports.affect.current(ports.clock.now());
  return appraisal.emotions.length > 0 ? elicit(affect, appraisal.emotions) : affect;
}
