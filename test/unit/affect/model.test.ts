import { describe, expect, it } from 'vitest';
import {
  advance,
  defaultMood,
  distance,
  EMOTION_PAD,
  elicit,
  initialState,
  moodIntensity,
  norm,
  OCC_EMOTIONS,
  octant,
  pad,
  type AffectParams,
  type AffectState,
  type Pad,
  type Personality,
} from '../../../src/affect/index.js';

/**
 * ALMA's Table 1 (Gebhard, AAMAS 2005), typed in from the paper: the module's table must equal it
 * row for row. Emotion names in the paper's spelling.
 */
const TABLE_1: Record<string, [number, number, number]> = {
  Admiration: [0.5, 0.3, -0.2],
  Anger: [-0.51, 0.59, 0.25],
  Disliking: [-0.4, 0.2, 0.1],
  Disappointment: [-0.3, 0.1, -0.4],
  Distress: [-0.4, -0.2, -0.5],
  Fear: [-0.64, 0.6, -0.43],
  FearsConfirmed: [-0.5, -0.3, -0.7],
  Gloating: [0.3, -0.3, -0.1],
  Gratification: [0.6, 0.5, 0.4],
  Gratitude: [0.4, 0.2, -0.3],
  HappyFor: [0.4, 0.2, 0.2],
  Hate: [-0.6, 0.6, 0.3],
  Hope: [0.2, 0.2, -0.1],
  Joy: [0.4, 0.2, 0.1],
  Liking: [0.4, 0.16, -0.24],
  Love: [0.3, 0.1, 0.2],
  Pity: [-0.4, -0.2, -0.5],
  Pride: [0.4, 0.3, 0.3],
  Relief: [0.2, -0.3, 0.4],
  Remorse: [-0.3, 0.1, -0.6],
  Reproach: [-0.3, -0.1, 0.4],
  Resentment: [-0.2, -0.3, -0.2],
  Satisfaction: [0.3, -0.2, 0.4],
  Shame: [-0.3, 0.1, -0.6],
};
const snake = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

const MIN = 60_000;
const T0 = Date.parse('2026-11-21T10:00:00Z');
const params = (over: Partial<AffectParams> = {}): AffectParams => ({
  defaultMood: pad(0, 0, 0),
  emotionDecayMs: 120_000,
  moodReturnMs: 20 * MIN,
  moodChangePerMinute: 0.5,
  ...over,
});

/** A small seeded PRNG, so the property tests are random but repeatable. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const randomPad = (r: () => number, scale = 1): Pad => pad((r() * 2 - 1) * scale, (r() * 2 - 1) * scale, (r() * 2 - 1) * scale);
const randomPersonality = (r: () => number): Personality => ({
  openness: r() * 2 - 1,
  conscientiousness: r() * 2 - 1,
  extraversion: r() * 2 - 1,
  agreeableness: r() * 2 - 1,
  neuroticism: r() * 2 - 1,
});

describe('OCC emotions in PAD space (ALMA Table 1)', () => {
  it('has all 24 emotions, each exactly as in the table', () => {
    expect(OCC_EMOTIONS).toHaveLength(24);
    expect(Object.keys(EMOTION_PAD).sort()).toEqual(Object.keys(TABLE_1).map(snake).sort());
    for (const [name, [p, a, d]] of Object.entries(TABLE_1)) {
      expect(EMOTION_PAD[snake(name) as keyof typeof EMOTION_PAD], name).toEqual({ pleasure: p, arousal: a, dominance: d });
    }
  });
});

describe('default mood from personality (Mehrabian)', () => {
  const cases: [string, Personality, [number, number, number]][] = [
    ['average', { openness: 0, conscientiousness: 0, extraversion: 0, agreeableness: 0, neuroticism: 0 }, [0, 0, 0]],
    // P = .21·.5 + .59·.7 + .19·.3; A = .15·.4 + .30·.7 − .57·.3; D = .25·.4 + .17·.6 + .60·.5 − .32·.7
    ['the default receptionist', { openness: 0.4, conscientiousness: 0.6, extraversion: 0.5, agreeableness: 0.7, neuroticism: -0.3 }, [0.575, 0.099, 0.278]],
    // S = −.9: P = −.168 − .118 − .171; A = −.06 + .513; D = −.48 + .064
    ['a neurotic, disagreeable introvert', { openness: 0, conscientiousness: 0, extraversion: -0.8, agreeableness: -0.2, neuroticism: 0.9 }, [-0.457, 0.453, -0.416]],
    // S = 1: P = .21 + .59 + .19; A = .15 + .30 − .57; D = .25 + .17 + .60 − .32
    ['everything high, fully stable', { openness: 1, conscientiousness: 1, extraversion: 1, agreeableness: 1, neuroticism: -1 }, [0.99, -0.12, 0.7]],
    // A = .15 + .30 + .57 = 1.02, truncated to 1 as ALMA does; P = .59 − .19; D = .25 − .32
    ['open, agreeable and very neurotic', { openness: 1, conscientiousness: 0, extraversion: 0, agreeableness: 1, neuroticism: 1 }, [0.4, 1, -0.07]],
  ];
  for (const [label, personality, [p, a, d]] of cases) {
    it(`matches the hand-computed values for ${label}`, () => {
      const mood = defaultMood(personality);
      expect(mood.pleasure).toBeCloseTo(p, 10);
      expect(mood.arousal).toBeCloseTo(a, 10);
      expect(mood.dominance).toBeCloseTo(d, 10);
    });
  }

  it('reads neuroticism conventionally: more neurotic, less pleasant and more aroused', () => {
    const r = rng(7);
    for (let i = 0; i < 200; i++) {
      const base = randomPersonality(r);
      const calm = defaultMood({ ...base, neuroticism: -0.5 });
      const nervous = defaultMood({ ...base, neuroticism: 0.5 });
      expect(nervous.pleasure).toBeLessThan(calm.pleasure);
      expect(nervous.arousal).toBeGreaterThanOrEqual(calm.arousal);
    }
  });
});

describe('mood octants and intensity', () => {
  it('names the eight octants as Mehrabian does', () => {
    const names: [Pad, string][] = [
      [pad(0.3, 0.3, 0.3), 'exuberant'],
      [pad(0.3, 0.3, -0.3), 'dependent'],
      [pad(0.3, -0.3, 0.3), 'relaxed'],
      [pad(0.3, -0.3, -0.3), 'docile'],
      [pad(-0.3, -0.3, -0.3), 'bored'],
      [pad(-0.3, -0.3, 0.3), 'disdainful'],
      [pad(-0.3, 0.3, -0.3), 'anxious'],
      [pad(-0.3, 0.3, 0.3), 'hostile'],
    ];
    for (const [mood, name] of names) expect(octant(mood)).toBe(name);
  });

  it('grades intensity by the distance from the origin: slightly ≤ 0.5 < moderately ≤ 1 < fully', () => {
    expect(moodIntensity(pad(0, 0, 0))).toBe('neutral');
    expect(moodIntensity(pad(0.2, 0.2, 0.2))).toBe('slightly');
    expect(moodIntensity(pad(0.5, 0, 0))).toBe('slightly');
    expect(moodIntensity(pad(0.5, 0.5, 0))).toBe('moderately');
    expect(moodIntensity(pad(1, 0, 0))).toBe('moderately');
    expect(moodIntensity(pad(0.8, 0.8, 0))).toBe('fully');
  });
});

describe('emotion decay', () => {
  it('fades each emotion steadily and drops it within the configured time', () => {
    const p = params({ emotionDecayMs: 60_000 });
    const start = elicit(initialState(p, T0), [{ emotion: 'joy', intensity: 1 }, { emotion: 'anger', intensity: 0.4 }]);
    let last = [1, 0.4];
    for (let t = 5_000; t <= 45_000; t += 5_000) {
      const now = advance(start, T0 + t, p).emotions.map((e) => e.intensity);
      expect(now).toHaveLength(2);
      now.forEach((x, i) => expect(x).toBeLessThan(last[i]!));
      last = now;
    }
    expect(advance(start, T0 + 30_000, p).emotions.find((e) => e.emotion === 'joy')!.intensity).toBeCloseTo(0.1, 6); // half-way in log scale
    expect(advance(start, T0 + 60_000, p).emotions).toEqual([]);
    // the weaker one is over sooner: 0.4 reaches the activity threshold after 60 s · ln 40 / ln 100 ≈ 48 s
    expect(advance(start, T0 + 47_000, p).emotions.map((e) => e.emotion)).toEqual(['joy', 'anger']);
    expect(advance(start, T0 + 49_000, p).emotions.map((e) => e.emotion)).toEqual(['joy']);
  });

  it('strengthens an emotion felt again, without passing 1', () => {
    const s = elicit(elicit(initialState(params(), T0), [{ emotion: 'anger', intensity: 0.5 }]), [{ emotion: 'anger', intensity: 0.6 }]);
    expect(s.emotions).toEqual([{ emotion: 'anger', intensity: 0.8 }]);
    expect(elicit(s, [{ emotion: 'anger', intensity: 1 }]).emotions[0]!.intensity).toBe(1);
  });
});

describe('mood dynamics (ALMA pull and push)', () => {
  // One emotion, still active after 20 s (of 120): the mood moves under its PAD point only, by a
  // distance that depends on the emotion and the time, not on where the mood starts.
  const unit = (v: Pad) => pad(v.pleasure / norm(v), v.arousal / norm(v), v.dominance / norm(v));
  const felt = (mood: Pad, emotion: keyof typeof EMOTION_PAD, p = params()) =>
    advance(elicit({ at: T0, mood, emotions: [] }, [{ emotion, intensity: 0.8 }]), T0 + 20_000, p).mood;

  it('pulls a mood that lies between the origin and the emotion centre towards the centre', () => {
    const centre = EMOTION_PAD.anger;
    const mood = pad(-0.1, 0.1, 0.05);
    const moved = felt(mood, 'anger');
    expect(distance(mood, moved)).toBeGreaterThan(0.01);
    // Straight at the centre: the distance to it shrinks by exactly the way covered.
    expect(distance(moved, centre)).toBeCloseTo(distance(mood, centre) - distance(mood, moved), 10);
  });

  it('pushes a mood already beyond the centre (same octant) further out', () => {
    const centre = EMOTION_PAD.joy;
    const mood = pad(0.6, 0.4, 0.3);
    const moved = felt(mood, 'joy');
    expect(norm(moved)).toBeGreaterThan(norm(mood));
    expect(octant(moved)).toBe('exuberant');
    // In the centre's direction: the way covered is parallel to the centre.
    const way = pad(moved.pleasure - mood.pleasure, moved.arousal - mood.arousal, moved.dominance - mood.dominance);
    expect(distance(unit(way), unit(centre))).toBeCloseTo(0, 10);
  });

  it('moves a mood from another octant towards the centre, and on through it', () => {
    const centre = EMOTION_PAD.anger;
    const mood = pad(0.5, 0.1, 0.3);
    const moved = felt(mood, 'anger');
    expect(distance(moved, centre)).toBeCloseTo(distance(mood, centre) - distance(mood, moved), 10);
    // A stronger pull covers more than the way to the centre, and goes on through it as a push:
    // out along the centre's direction by what is left, into the centre's octant.
    const strong = params({ moodChangePerMinute: 7 });
    const far = pad(0.9, -0.9, -0.9);
    const way = distance(far, felt(far, 'anger', strong));
    expect(way).toBeGreaterThan(distance(mood, centre) + 0.05);
    expect(way).toBeLessThan(distance(far, centre));
    const through = felt(mood, 'anger', strong);
    expect(octant(through)).toBe('hostile');
    expect(norm(through)).toBeCloseTo(norm(centre) + way - distance(mood, centre), 10);
    expect(distance(unit(through), unit(centre))).toBeCloseTo(0, 10);
  });

  it('moves the mood more for stronger emotions and for longer times', () => {
    const p = params();
    const s = (i: number) => elicit(initialState(p, T0), [{ emotion: 'anger', intensity: i }]);
    const moved = (i: number, ms: number) => distance(advance(s(i), T0 + ms, p).mood, p.defaultMood);
    expect(moved(0.8, 20_000)).toBeGreaterThan(moved(0.4, 20_000));
    expect(moved(0.8, 60_000)).toBeGreaterThan(moved(0.8, 20_000));
  });

  it('a joy spike moves the mood towards exuberant, from any default mood', () => {
    const r = rng(11);
    for (let i = 0; i < 100; i++) {
      const p = params({ defaultMood: defaultMood(randomPersonality(r)) });
      const before = initialState(p, T0);
      const after = advance(elicit(before, [{ emotion: 'joy', intensity: 0.9 }]), T0 + 30_000, p);
      // closer to the exuberant octant (or in it, and further out when already beyond joy)
      const gap = (m: Pad) => Math.hypot(Math.min(0, m.pleasure), Math.min(0, m.arousal), Math.min(0, m.dominance));
      if (gap(before.mood) > 0) expect(gap(after.mood)).toBeLessThan(gap(before.mood));
      else expect(octant(after.mood)).toBe('exuberant');
      if (octant(before.mood) === 'exuberant' && norm(before.mood) >= norm(EMOTION_PAD.joy)) expect(norm(after.mood)).toBeGreaterThan(norm(before.mood));
    }
    const neutral = params();
    const spiked = advance(elicit(initialState(neutral, T0), [{ emotion: 'joy', intensity: 0.9 }]), T0 + 60_000, neutral);
    expect(octant(spiked.mood)).toBe('exuberant');
  });

  it('repeated anger moves the mood into hostile, from any pleasant or neutral default', () => {
    const r = rng(23);
    for (let i = 0; i < 100; i++) {
      const p = params({ defaultMood: randomPad(r, 0.7) });
      let s: AffectState = initialState(p, T0);
      for (let k = 1; k <= 10; k++) s = elicit(advance(s, T0 + k * 30_000, p), [{ emotion: 'anger', intensity: 0.7 }, { emotion: 'reproach', intensity: 0.5 }]);
      s = advance(s, T0 + 11 * 30_000, p);
      expect(octant(s.mood), JSON.stringify(p.defaultMood)).toBe('hostile');
    }
  });

  it('with no input, returns to the default mood within the configured time, getting closer all the way', () => {
    const r = rng(5);
    for (let i = 0; i < 100; i++) {
      const p = params({ defaultMood: randomPad(r, 0.8), moodReturnMs: (5 + r() * 30) * MIN });
      const start: AffectState = { at: T0, mood: randomPad(r), emotions: [] };
      let last = distance(start.mood, p.defaultMood);
      for (let f = 0.1; f < 1; f += 0.1) {
        const d = distance(advance(start, T0 + f * p.moodReturnMs, p).mood, p.defaultMood);
        expect(d).toBeLessThanOrEqual(last + 1e-12);
        last = d;
      }
      expect(advance(start, T0 + p.moodReturnMs, p).mood).toEqual(p.defaultMood);
    }
  });

  it('does not depend on how often it is computed', () => {
    const r = rng(3);
    const p = params({ defaultMood: pad(0.3, 0.1, 0.2) });
    for (let i = 0; i < 20; i++) {
      const s = elicit({ at: T0, mood: randomPad(r, 0.6), emotions: [] }, [
        { emotion: 'anger', intensity: r() },
        { emotion: 'joy', intensity: r() },
        { emotion: 'fear', intensity: r() * 0.5 },
      ]);
      const end = T0 + 10 * MIN;
      const once = advance(s, end, p);
      let stepped = s;
      for (let t = T0; t < end; t += 1_700) stepped = advance(stepped, Math.min(end, t + 1_700), p);
      expect(distance(stepped.mood, once.mood)).toBeLessThan(1e-9);
      expect(stepped.emotions).toEqual(once.emotions);
    }
  });

  it('keeps the mood inside the PAD cube and drops emotions under the activity threshold', () => {
    const p = params({ moodChangePerMinute: 50 });
    const start = elicit(initialState(p, T0), [{ emotion: 'gratification', intensity: 1 }]);
    for (const v of Object.values(advance(start, T0 + 60_000, p).mood)) expect(Math.abs(v)).toBeLessThanOrEqual(1);
    // A full emotion is over after emotionDecayMs: what is left just before is the activity threshold.
    const threshold = advance(start, T0 + p.emotionDecayMs - 1, p).emotions[0]!.intensity;
    expect(advance(start, T0 + p.emotionDecayMs, p).emotions).toEqual([]);
    for (let t = 0; t <= p.emotionDecayMs; t += 7_000) expect(advance(start, T0 + t, p).emotions.every((e) => e.intensity >= threshold * (1 - 1e-6))).toBe(true);
    // An emotion felt under the threshold is no emotion at all; one just over it is kept.
    expect(elicit(initialState(p, T0), [{ emotion: 'joy', intensity: threshold * 0.98 }]).emotions).toEqual([]);
    expect(elicit(initialState(p, T0), [{ emotion: 'joy', intensity: threshold * 1.02 }]).emotions).toHaveLength(1);
  });
});
