import { z } from 'zod';
import type { LlmMessage } from '../../llm/index.js';
import { EmotionNameSchema, OCC_EMOTIONS, type EmotionIntensity } from '../emotions.js';

/** What models write for OCC names besides the names themselves ("sorry-for" is OCC's own word for pity). */
const ALIASES: Record<string, string> = { sorry_for: 'pity', happiness: 'joy', sadness: 'distress', fearsconfirmed: 'fears_confirmed', happyfor: 'happy_for' };

/** Models write "Happy-for", "FearsConfirmed", "fears confirmed": names are normalised before the enum check. */
const emotionName = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const name = v.trim().replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().replace(/[\s-]+/g, '_');
  return ALIASES[name] ?? ALIASES[name.replace(/_/g, '')] ?? name;
}, EmotionNameSchema);

export const LlmAppraisalSchema = z.object({
  emotions: z
    .array(z.object({ emotion: emotionName, intensity: z.number().min(0).max(1) }))
    .max(6),
});
export type LlmAppraisal = z.infer<typeof LlmAppraisalSchema>;

const INSTRUCTIONS = (robot: string) => `You are the emotional appraisal of ${robot}, a social robot talking with a person.
Appraise what the person just said from the robot's own point of view, with the OCC model of emotions, and answer with JSON only:
{"emotions": [{"emotion": <name>, "intensity": <0.0 to 1.0>}]}
with at most 3 emotions, strongest first, names from: ${OCC_EMOTIONS.join(', ')}.
Use an empty list when the utterance is emotionally neutral (questions, facts, requests, small talk).
Guide: the person thanks the robot → gratitude; praises the robot → pride and joy (admiration for their kindness);
apologises to the robot → relief and some liking (not pity: the robot accepts the apology);
insults or belittles the robot → anger and reproach; threatens it → fear; shares sad news about themselves or
someone close → pity (feeling sorry for them) and some distress; shares good news → happy_for and joy;
greets the robot → mild joy; says goodbye after a pleasant talk → mild liking.
Intensity: 0.2 mild, 0.5 clear, 0.8 strong, 1.0 overwhelming.`;

/**
 * The request for the language model: instructions, then the utterance, and nothing else. What the
 * robot recalls or said itself is not what the person just did: given as context, models appraise
 * it too ("happy to help" in a recalled conversation read as thanks).
 */
export function appraisalMessages(input: { robotName: string; text: string }): LlmMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS(input.robotName) },
    { role: 'user', content: `The person says: "${input.text}"` },
  ];
}

/** Keeps the model's answer sane: no negligible emotions, one entry per emotion, at most three. */
export function cleanLlmAppraisal(answer: LlmAppraisal): EmotionIntensity[] {
  const best = new Map<EmotionIntensity['emotion'], number>();
  for (const e of answer.emotions) if (e.intensity >= 0.05) best.set(e.emotion, Math.max(best.get(e.emotion) ?? 0, e.intensity));
  return [...best]
    .map(([emotion, intensity]) => ({ emotion, intensity: Math.round(intensity * 100) / 100 }))
    .sort((a, b) => b.intensity - a.intensity)
    .slice(0, 3);
}
