import { describe, expect, it } from 'vitest';
import { appraisalMessages, LlmAppraisalSchema } from '../../../src/affect/index.js';
import { consoleSession } from '../../helpers/console.js';

describe('appraisal by the language model: its answer and its prompt', () => {
  it('understands the ways models spell OCC emotion names', () => {
    const names = ['Happy-for', 'FearsConfirmed', 'fears confirmed', 'sorry-for', 'JOY', 'happyfor'];
    const parsed = LlmAppraisalSchema.parse({ emotions: names.map((emotion) => ({ emotion, intensity: 0.5 })) });
    expect(parsed.emotions.map((e) => e.emotion)).toEqual(['happy_for', 'fears_confirmed', 'fears_confirmed', 'pity', 'joy', 'happy_for']);
    expect(LlmAppraisalSchema.safeParse({ emotions: [{ emotion: 'schadenfreude', intensity: 0.5 }] }).success).toBe(false);
  });

  it('gives the model only the utterance to appraise, no recalled memories', () => {
    const [system, user, ...rest] = appraisalMessages({ robotName: 'Nadine', text: 'Do you remember me?' });
    expect(system!.content).toMatch(/emotional appraisal of Nadine/);
    expect(user!.content).toBe('The person says: "Do you remember me?"');
    expect(rest).toEqual([]);
  });
});

describe('the developer console', () => {
  it('shows the robot’s emotions and mood on /affect', async () => {
    const text = await consoleSession(['You are so stupid!', '/affect', '/quit']);
    expect(text).toMatch(/"emotion": "anger"/);
    expect(text).toMatch(/feeling: (quite|very|extremely) angry; mood: moderately exuberant/);
  });
});
