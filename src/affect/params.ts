import type { AffectParams } from './dynamics.js';
import { defaultMood, type Personality } from './personality.js';

/** The affect settings as configured (section `affect`). */
export interface AffectSettings {
  personality: Personality;
  emotionDecayMs: number;
  moodReturnMinutes: number;
  moodChangePerMinute: number;
}

export function affectParams(settings: AffectSettings): AffectParams {
  return {
    defaultMood: defaultMood(settings.personality),
    emotionDecayMs: settings.emotionDecayMs,
    moodReturnMs: settings.moodReturnMinutes * 60_000,
    moodChangePerMinute: settings.moodChangePerMinute,
  };
}
