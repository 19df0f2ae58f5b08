import { describe, expect, it } from 'vitest';
import { bestAbove, lexicalSimilarity, lexicalVector, normalize, scoreClip, scoreLexical, type RankableScene } from '../../../src/visual-memory/index.js';

const v = (...xs: number[]) => normalize(xs);
const scene = (id: string, image: Float32Array | null, description: Float32Array | null, source: 'perception' | 'daemon' = 'perception'): RankableScene => ({
  scene_id: id,
  image: image && { vector: image, source },
  descriptionVector: description,
  lexical: null,
});

describe('CLIP scoring: alpha·sim(text, image) + (1 − alpha)·sim(text, description)', () => {
  const query = v(1, 0, 0);
  // These cases use imageScale 1 (the raw cosine): the arithmetic of the weighting itself.

  it('weighs image and description similarity by alpha', () => {
    const s = scoreClip(query, scene('a', v(0.6, 0.8, 0), v(0, 1, 0)), 0.7, 1)!;
    expect(s.image_similarity).toBeCloseTo(0.6, 6);
    expect(s.description_similarity).toBeCloseTo(0, 6);
    expect(s.score).toBeCloseTo(0.42, 6);
    expect(s.score_source).toBe('perception_embedding');
    expect(scoreClip(query, scene('a', v(0.6, 0.8, 0), v(0, 1, 0)), 1, 1)!.score).toBeCloseTo(0.6, 6);
    expect(scoreClip(query, scene('a', v(0.6, 0.8, 0), v(1, 0, 0)), 0, 1)!.score).toBeCloseTo(1, 6);
  });

  it('scores a scene without a description on its image alone, and one without an image on its description', () => {
    const imageOnly = scoreClip(query, scene('a', v(0.8, 0.6, 0), null, 'daemon'), 0.7, 1)!;
    expect(imageOnly).toMatchObject({ score_source: 'daemon_embedding', description_similarity: null });
    expect(imageOnly.score).toBeCloseTo(0.8, 6);
    const descriptionOnly = scoreClip(query, scene('b', null, v(0.5, 0, Math.sqrt(0.75))), 0.7, 1)!;
    expect(descriptionOnly).toMatchObject({ score_source: 'description', image_similarity: null });
    expect(descriptionOnly.score).toBeCloseTo(0.5, 6);
    expect(scoreClip(query, scene('c', null, null), 0.7, 1)).toBeNull();
  });

  it('never compares vectors of different dimensions', () => {
    expect(() => scoreClip(query, scene('a', v(1, 0, 0, 0), null), 0.7, 1)).toThrow(/3 and 4 dimensions/);
  });

  it('uses the best scene only when it reaches the threshold; ties go to the first', () => {
    const scores = [scoreClip(query, scene('a', v(0.5, 1, 0), null), 0.7, 1), null, scoreClip(query, scene('b', v(1, 0.2, 0), null), 0.7, 1)];
    expect(bestAbove(scores, 0.6)?.scene.scene_id).toBe('b');
    expect(bestAbove(scores, 0.99)).toBeNull();
    const tie = [scoreClip(query, scene('first', v(1, 1, 0), null), 0.7, 1), scoreClip(query, scene('second', v(1, 1, 0), null), 0.7, 1)];
    expect(bestAbove(tie, 0)?.scene.scene_id).toBe('first');
    expect(bestAbove([], 0)).toBeNull();
  });

  it("rescales the text–image cosine as CLIPScore does (w·max(cos, 0), w = 2.5, at most 1), so real CLIP's narrow range can reach the threshold", () => {
    // A scene with an image and no description is scored on the rescaled cosine alone (imageScale left out: the default w).
    const imageOnly = (cos: number, w?: number) => scoreClip(query, scene('i', v(cos, Math.sqrt(1 - cos ** 2), 0), null), 0.7, w)!.score;
    expect(imageOnly(0.3)).toBeCloseTo(0.75, 6);
    expect(imageOnly(0.3, 2.5)).toBeCloseTo(0.75, 6);
    expect(imageOnly(-0.2)).toBe(0);
    expect(imageOnly(0.5)).toBe(1);
    expect(imageOnly(-0.2, 1)).toBeCloseTo(-0.2, 6);
    // A matching caption at ViT-B/32's typical cosine 0.3, and an unrelated one at 0.15:
    const match = scoreClip(query, scene('m', v(0.3, Math.sqrt(1 - 0.09), 0), v(0.85, Math.sqrt(1 - 0.85 ** 2), 0)), 0.7)!;
    const other = scoreClip(query, scene('o', v(0.15, Math.sqrt(1 - 0.0225), 0), v(0.6, 0.8, 0)), 0.7)!;
    expect(match.score).toBeCloseTo(0.7 * 0.75 + 0.3 * 0.85, 6);
    expect(match.image_similarity).toBeCloseTo(0.3, 6); // reported raw
    expect(other.score).toBeCloseTo(0.7 * 0.375 + 0.3 * 0.6, 6);
    expect(bestAbove([other, match], 0.6)?.scene.scene_id).toBe('m');
    expect(bestAbove([other], 0.6)).toBeNull();
    // The raw cosine would have missed the match at the default threshold.
    expect(scoreClip(query, match.scene, 0.7, 1)!.score).toBeLessThan(0.6);
  });
});

describe('description-only matching (no CLIP model)', () => {
  const descriptions = {
    beach: 'Alice holding a red umbrella on a sunny beach',
    cake: 'A birthday cake with lit candles on a wooden table',
    dog: 'A brown dog playing with a ball in the garden',
    office: 'The team photo in front of the office building',
  };
  const scenes = Object.entries(descriptions).map(([id, text]): RankableScene => ({ scene_id: id, image: null, descriptionVector: null, lexical: lexicalVector(text) }));
  const best = (question: string, threshold = 0.15) => bestAbove(scenes.map((s) => scoreLexical(lexicalVector(question), s)), threshold)?.scene.scene_id ?? null;

  it.each([
    ['Do you remember when we were at the beach?', 'beach'],
    ['Do you remember my umbrella?', 'beach'],
    ['What did we have for my birthday?', 'cake'],
    ['do you remember the birthday cakes', 'cake'],
    ['Have you seen my dog before?', 'dog'],
    ['Can you tell me about the office?', 'office'],
  ])('"%s" → the %s scene', (question, id) => {
    expect(best(question)).toBe(id);
  });

  it.each(['How does a jet engine work?', 'what is the weather like today', 'Hello!', 'and then what did you do'])('"%s" → no scene', (question) => {
    expect(best(question)).toBeNull();
  });

  it('gives stopwords no weight: a question and a description never match on "the", "with", "was"', () => {
    expect(lexicalVector('What was it, and where were they?').weights.size).toBe(0);
    expect(lexicalSimilarity(lexicalVector('What was the beach with the dog like?'), lexicalVector('beach dog'))).toBeCloseTo(1, 6);
  });

  it('matches across inflections and in the other languages the robot speaks', () => {
    expect(lexicalSimilarity(lexicalVector('beaches'), lexicalVector('a beach'))).toBeGreaterThan(0.3);
    expect(lexicalSimilarity(lexicalVector('Erinnerst du dich an den Strand?'), lexicalVector('Alice mit einem roten Regenschirm am Strand'))).toBeGreaterThan(0.15);
    const dog = lexicalSimilarity(lexicalVector('你还记得那只狗吗'), lexicalVector('一只狗在花园里玩'));
    expect(dog).toBeGreaterThan(0.15);
    expect(dog).toBeGreaterThan(lexicalSimilarity(lexicalVector('你还记得那只狗吗'), lexicalVector('桌子上有一个生日蛋糕')));
  });

  it('cannot match a scene without a description', () => {
    expect(scoreLexical(lexicalVector('the beach'), { scene_id: 'x', image: null, descriptionVector: null, lexical: null })).toBeNull();
  });
});
