import { EMOTION_PAD, type EmotionIntensity } from './emotions.js';
import { add, clamp, distance, norm, ORIGIN, sameOctant, scale, sub, type Pad } from './pad.js';

/**
 * ALMA's dynamics, in continuous time. Time is passed in (epoch ms), never read, so the same
 * state and the same instants always give the same result.
 *
 * Emotions decay exponentially, all at the same rate, and are dropped below ACTIVE_MIN. Because
 * they decay at the same rate, the virtual emotion centre (their intensity-weighted mean PAD
 * point) stays put while its weight (the summed intensity) shrinks; the mood therefore moves
 * along straight lines and the distance it covers has a closed form. No fixed time step: the
 * result does not depend on how often it is computed.
 */

/** Below this intensity an emotion is over. */
const ACTIVE_MIN = 0.01;
/** The mood counts as back home when this close to the default mood. */
export const MOOD_SNAP = 0.01;
/** The longest way home: opposite corners of the PAD cube. */
const MAX_MOOD_OFFSET = 2 * Math.sqrt(3);

export interface AffectParams {
  /** The personality's baseline mood (see defaultMood). */
  defaultMood: Pad;
  /** A full-intensity emotion has faded out within this time. */
  emotionDecayMs: number;
  /** With no active emotion, the mood is back at the default mood within this time, from anywhere. */
  moodReturnMs: number;
  /** Pull/push strength: PAD distance the mood moves per minute per unit of summed emotion intensity. */
  moodChangePerMinute: number;
}

/** The robot's affect at one instant. */
export interface AffectState {
  /** Epoch ms this state describes. */
  at: number;
  mood: Pad;
  /** Active emotions, one entry per emotion type. */
  emotions: EmotionIntensity[];
}

export function initialState(params: AffectParams, at: number): AffectState {
  return { at, mood: { ...params.defaultMood }, emotions: [] };
}

const emotionTau = (p: AffectParams) => p.emotionDecayMs / Math.log(1 / ACTIVE_MIN);
const moodTau = (p: AffectParams) => p.moodReturnMs / Math.log(MAX_MOOD_OFFSET / MOOD_SNAP);

/** The virtual emotion centre: ALMA's EmotionPADCentroid (weighted mean point, summed intensity). */
export function emotionCentre(emotions: readonly EmotionIntensity[]): { point: Pad; weight: number } | null {
  let weight = 0;
  let sum: Pad = ORIGIN;
  for (const e of emotions) {
    weight += e.intensity;
    sum = add(sum, scale(EMOTION_PAD[e.emotion], e.intensity));
  }
  if (weight <= 0) return null;
  const point = scale(sum, 1 / weight);
  // Opposite emotions can cancel out exactly: no direction, no pull (ALMA: centre not active).
  return norm(point) < 1e-9 ? null : { point, weight };
}

/**
 * Moves the mood `travel` PAD units under a fixed emotion centre. Pull phase: the mood lies
 * between the origin and the centre, or elsewhere: it goes straight towards the centre. Push
 * phase: the centre is in the mood's octant and no further out than the mood: the mood goes
 * further out, in the centre's direction. A pull that reaches the centre continues as a push.
 */
function moveMood(mood: Pad, centre: Pad, travel: number): Pad {
  if (travel <= 0) return mood;
  const outward = scale(centre, 1 / norm(centre));
  if (sameOctant(mood, centre) && norm(centre) <= norm(mood)) return clamp(add(mood, scale(outward, travel)));
  const gap = distance(mood, centre);
  if (travel < gap) return clamp(add(mood, scale(sub(centre, mood), travel / gap)));
  return clamp(add(centre, scale(outward, travel - gap)));
}

/** The mood drifting back to the default mood: exponential, snapped when close enough. */
export function returnMood(mood: Pad, params: AffectParams, dtMs: number): Pad {
  const offset = scale(sub(mood, params.defaultMood), Math.exp(-dtMs / moodTau(params)));
  return norm(offset) < MOOD_SNAP ? { ...params.defaultMood } : add(params.defaultMood, offset);
}

/** The state at `to`: emotions decayed (expired ones dropped), the mood moved meanwhile. */
export function advance(state: AffectState, to: number, params: AffectParams): AffectState {
  let { at, mood } = state;
  let emotions = state.emotions.filter((e) => e.intensity >= ACTIVE_MIN);
  if (to <= at) return { at, mood, emotions };
  const tau = emotionTau(params);
  const perMs = params.moodChangePerMinute / 60_000;

  // Segments end when the weakest emotion expires (the centre changes then) or at `to`. Each
  // segment either reaches `to` or ends at least one emotion, so the loop always finishes.
  while (emotions.length > 0 && at < to) {
    const expiries = emotions.map((e) => at + tau * Math.log(e.intensity / ACTIVE_MIN));
    const end = Math.max(at, Math.min(to, ...expiries));
    const decay = Math.exp(-(end - at) / tau);
    const centre = emotionCentre(emotions);
    if (centre) {
      // ∫ weight·e^(-t/τ) dt over the segment: how much emotion acted on the mood.
      mood = moveMood(mood, centre.point, perMs * centre.weight * tau * (1 - decay));
    } else {
      mood = returnMood(mood, params, end - at);
    }
    emotions = emotions.filter((_, i) => expiries[i]! > end).map((e) => ({ ...e, intensity: e.intensity * decay }));
    at = end;
  }
  if (at < to) mood = returnMood(mood, params, to - at);
  return { at: to, mood, emotions };
}

/**
 * Adds appraised emotions to a state (which should first be advanced to the present). The same
 * emotion felt again grows like independent evidence, 1 − (1 − a)(1 − b): it gets stronger but
 * never past 1.
 */
export function elicit(state: AffectState, appraised: readonly EmotionIntensity[]): AffectState {
  const emotions = state.emotions.map((e) => ({ ...e }));
  for (const { emotion, intensity } of appraised) {
    if (intensity < ACTIVE_MIN) continue;
    const existing = emotions.find((e) => e.emotion === emotion);
    if (existing) existing.intensity = 1 - (1 - existing.intensity) * (1 - Math.min(1, intensity));
    else emotions.push({ emotion, intensity: Math.min(1, intensity) });
  }
  return { ...state, emotions };
}

/** The strongest active emotion, if any. */
export function dominantEmotion(state: Pick<AffectState, 'emotions'>): EmotionIntensity | null {
  return state.emotions.reduce<EmotionIntensity | null>((best, e) => (!best || e.intensity > best.intensity ? e : best), null);
}
