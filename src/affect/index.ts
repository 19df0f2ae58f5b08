/**
 * The robot's affect after ALMA (Gebhard 2005): OCC emotions placed in PAD space, a mood that the
 * active emotions pull and push and that returns to a personality baseline, appraisal of what
 * people say, and the state kept across restarts.
 */
export { EMOTION_PAD, EmotionIntensitySchema, EmotionNameSchema, OCC_EMOTIONS } from './emotions.js';
export type { EmotionIntensity, EmotionName } from './emotions.js';
export { distance, MOOD_INTENSITIES, MOOD_OCTANTS, moodIntensity, norm, octant, pad, PadSchema } from './pad.js';
export type { MoodIntensity, MoodOctant, Pad } from './pad.js';
export { defaultMood } from './personality.js';
export type { Personality } from './personality.js';
export { advance, dominantEmotion, elicit, emotionCentre, initialState, returnMood } from './dynamics.js';
export type { AffectParams, AffectState } from './dynamics.js';
export { affectParams } from './params.js';
export type { AffectSettings } from './params.js';
export { AffectSnapshotSchema, AppraisalSchema, snapshot } from './snapshot.js';
export type { AffectSnapshot, Appraisal } from './snapshot.js';
export { AFFECT_GUIDANCE, describeAffect, describeEmotion, describeMood } from './describe.js';
export { VolatileAffect } from './port.js';
export type { AffectPort } from './port.js';
export { AffectFileSchema, AffectStore } from './store.js';
export type { AffectStoreOptions } from './store.js';
export { CUE_EMOTIONS } from './appraisal/cues.js';
export type { Cue } from './appraisal/cues.js';
export { appraiseLexicon, findCues, wordSentiment } from './appraisal/lexicon.js';
export type { LexiconAppraisal, LexiconInput, WordSentiment } from './appraisal/lexicon.js';
export { appraisalMessages, cleanLlmAppraisal, LlmAppraisalSchema } from './appraisal/llm.js';
export { reactionTo, REACTIONS } from './appraisal/reaction.js';
export type { Reaction } from './appraisal/reaction.js';
