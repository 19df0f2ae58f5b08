import { describe, expect, it } from 'vitest';
import { answering, chunkFor, HybridIndex, type HybridThresholds, type KnowledgeChunk } from '../../../src/knowledge/index.js';

const chunk = (file: string, section: string, language: KnowledgeChunk['language'], heading: string, text: string, questions: string[] = []) => ({
  id: `${file}::0`,
  file,
  section,
  language,
  headings: [heading],
  text,
  questions,
});

const CHUNKS = [
  chunk('can.md', 'can.md#0', 'en', 'What I can do', 'I greet people, speak five languages and look through my camera.', ['What can you do?']),
  chunk('de/can.md', 'can.md#0', 'de', 'Was ich kann', 'Ich begrüße Menschen, spreche fünf Sprachen und schaue durch meine Kamera.', ['Was kannst du?']),
  chunk('feel.md', 'feel.md#0', 'en', 'My feelings', 'Kind words make me happy, rudeness makes me upset and sad news makes me sorry.', ['Do you have feelings?']),
  chunk('pay.md', 'pay.md#0', 'en', 'Payments', 'I cannot take payments or cards.'),
];

const T: HybridThresholds = { minSimilarity: 0.35, weights: { similarity: 0, coverage: 0, concepts: 1, fuzzy: 1, variants: 0, rrf: 1 }, minScore: 1.2, minMargin: 0.3, rrfK: 60 };
const none = () => 0;

describe('hybrid knowledge search', () => {
  const index = new HybridIndex(CHUNKS);

  it('built a slice at a time, it ranks as built at once, and the event loop turns meanwhile', async () => {
    const many = Array.from({ length: 1200 }, (_, i) =>
      chunk(`f${i}.md`, `f${i}.md#0`, 'en', `Topic ${i}`, `Section ${i} tells visitors about rooms, opening hours, the cafeteria and the robot's camera ${i}.`, [`Where is room ${i}?`]),
    );
    const chunks = [...CHUNKS, ...many];
    let turned = false;
    setImmediate(() => (turned = true));
    const built = await HybridIndex.build(chunks);
    expect(turned).toBe(true);
    const atOnce = new HybridIndex(chunks);
    for (const q of ['What can you do?', 'Was kannst du?', 'Where is room 17?', 'Can I pay by card?']) {
      expect(built.rank(q, none, T)).toEqual(atOnce.rank(q, none, T));
    }
  });

  it('answers a question of stop words from its question variant, and a translation is the same section', () => {
    const [best] = answering(index.rank('What can you do?', none, T), T);
    expect(best?.section).toBe('can.md#0');
    expect(best?.fuzzy).toBeGreaterThan(0.9);
    expect(answering(index.rank('Was kannst du?', none, T), T)[0]?.section).toBe('can.md#0');
  });

  it('still matches a misspelled question fuzzily', () => {
    const ranked = index.rank('Wat can yuo do?', none, T);
    expect(ranked.find((s) => s.section === 'can.md#0')!.fuzzy).toBeGreaterThan(0.5);
  });

  it('answers through the thesaurus when no word is shared, and across languages', () => {
    expect(answering(index.rank('Does it bother you when people are rude?', none, T), T)[0]?.section).toBe('feel.md#0');
    // The section exists in English only: a German question about payments still finds it.
    expect(answering(index.rank('Kann ich mit Kreditkarte bezahlen?', none, T), T)[0]?.section).toBe('pay.md#0');
  });

  it('refuses what no section speaks of', () => {
    expect(answering(index.rank("What's the weather like in Paris tomorrow?", none, T), T)).toEqual([]);
    expect(answering(index.rank('明天天气怎么样？', none, T), T)).toEqual([]);
  });

  it('refuses when the best section is not clearly ahead of the next', () => {
    const ranked = index.rank('What can you do?', none, T);
    expect(answering(ranked, { ...T, minMargin: 100 })).toEqual([]);
  });

  it('the embedder’s similarity counts when it has weight, relative to its usual threshold', () => {
    const t = { ...T, weights: { similarity: 1, coverage: 0, concepts: 0, fuzzy: 0, variants: 0, rrf: 0 }, minScore: 1, minMargin: 0 };
    const ranked = index.rank('anything', (id) => (id === 'pay.md::0' ? 0.4 : 0.1), t);
    expect(answering(ranked, t)[0]?.section).toBe('pay.md#0');
  });

  it('a best section that fewer signals rank first needs more score: one signal alone is how a confident wrong answer looks', () => {
    const t = { ...T, weights: { similarity: 1, coverage: 0, concepts: 0, fuzzy: 0, variants: 0, rrf: 0 }, minScore: 1, minMargin: 0, minAgreement: 2, unagreedScore: 0.5 };
    // Only the embedder ranks the payments section first (it shares no word with the question).
    const alone = index.rank('anything', (id) => (id === 'pay.md::0' ? 0.5 : 0.1), t);
    expect(alone[0]).toMatchObject({ section: 'pay.md#0', agreement: 1 });
    expect(answering(alone, { ...t, unagreedScore: 0 })[0]?.section).toBe('pay.md#0');
    expect(answering(alone, t)).toEqual([]);
    // Its words, its variant and the embedder agree on "What can you do?": the same bar answers it.
    const agreed = index.rank('What can you do?', (id) => (id === 'can.md::0' ? 0.5 : 0.1), t);
    expect(agreed[0]!.agreement).toBeGreaterThanOrEqual(2);
    expect(answering(agreed, t)[0]?.section).toBe('can.md#0');
  });

  it('answers from the version in the visitor’s language, else the original', () => {
    const section = index.rank('What can you do?', none, T).find((s) => s.section === 'can.md#0')!;
    expect(chunkFor(section, 'de').file).toBe('de/can.md');
    expect(chunkFor(section, 'fr').file).toBe('can.md');
    expect(chunkFor(section, null).file).toBe('can.md');
  });
});

describe('related sections and questions about something else', () => {
  const LANG = [
    { ...chunk('talk.md', 'talk.md#0', 'en', 'Changing the language', 'Ask me to speak another language, for example French.', ['How do I change the language?']), related: ['Languages'] },
    chunk('can.md', 'can.md#1', 'en', 'Languages', 'I speak English, German, French, Chinese and Spanish.', ['Which languages do you speak?']),
    chunk('feel.md', 'feel.md#0', 'en', 'My feelings', 'Kind words make me happy.', ['Do you have feelings?']),
  ].map((c, i) => ({ ...c, id: `${c.file}::${i}` }));
  const index = new HybridIndex(LANG);
  const t: HybridThresholds = { ...T, minScore: 0.5, minMargin: 0.3 };

  it('close to a section it declares related (either way round) is no reason to refuse; close to another is', () => {
    const ranked = index.rank('Can you speak French?', none, t);
    expect(ranked.slice(0, 2).map((s) => s.section).sort()).toEqual(['can.md#1', 'talk.md#0']);
    // A margin the second section is within, and the third (unrelated) is not.
    const close = { ...t, minMargin: ranked[0]!.score - ranked[1]!.score + 0.01 };
    expect(ranked[0]!.score - ranked[2]!.score).toBeGreaterThan(close.minMargin);
    expect(answering(ranked, close)[0]?.section).toBe(ranked[0]!.section);
    expect(ranked.find((s) => s.section === 'can.md#1')!.related).toEqual(['talk.md#0']);
    // The same scores without the declaration: too close to answer.
    const unrelated = ranked.map((s) => ({ ...s, related: [] }));
    expect(answering(unrelated, close)).toEqual([]);
  });

  it('the share of the question’s words the knowledge never uses lowers every section’s score alike', () => {
    expect(index.unknownShare('Which languages do you speak?')).toBe(0);
    // "company" carries a concept of the thesaurus: it is not unknown, the offices and the floor are.
    expect(index.unknownShare('Which company rents the offices on the third floor?')).toBeGreaterThan(0.5);
    const weighted = { ...t, weights: { ...t.weights, unknown: 1 } };
    const q = 'Which languages do you speak in the offices upstairs?';
    const [plain] = index.rank(q, none, t);
    const [penalised] = index.rank(q, none, weighted);
    expect(plain!.score - penalised!.score).toBeCloseTo(index.unknownShare(q), 5);
  });
});

describe('hybrid knowledge search, a question about the world around', () => {
  const index = new HybridIndex(CHUNKS);
  const withPenalty: HybridThresholds = { ...T, weights: { ...T.weights, impersonal: 1 } };

  it('needs a stronger match when it speaks of neither the visitor nor the robot, whatever section shares its words', () => {
    const about = (q: string, t: HybridThresholds) => index.rank(q, none, t)[0]!;
    // The same section, the same signals: only the score drops, by the weight, for every section alike.
    const world = about('Which company takes card payments here?', withPenalty);
    const visitor = about('Can I pay you with my card?', withPenalty);
    expect(world.impersonal).toBe(1);
    expect(visitor.impersonal).toBe(0);
    expect(world.score).toBeCloseTo(about('Which company takes card payments here?', T).score - 1, 6);
    expect(answering(index.rank('Can I pay you with my card?', none, withPenalty), withPenalty)[0]?.section).toBe('pay.md#0');
  });
});

describe('hybrid knowledge search, concepts are matched against what a section is asked', () => {
  // "Saying goodbye" mentions memory in passing, three times; "What I remember" is asked about it.
  const index = new HybridIndex([
    chunk('bye.md', 'bye.md#0', 'en', 'Saying goodbye', 'Say goodbye when you leave. I keep a memory, notes and a record of our talk.', ['How do I say goodbye?', 'What happens when I leave?']),
    chunk('mem.md', 'mem.md#0', 'en', 'What I remember', 'I remember your name and the facts you tell me about yourself, for people who told me their name.', ['What do you store about me?']),
  ]);

  it('ranks the section whose questions ask about the concept first, not the one whose text mentions it', () => {
    const ranked = index.rank('Do you film visitors?', none, T);
    const of = (section: string) => ranked.find((s) => s.section === section)!;
    expect(of('mem.md#0').concepts).toBeGreaterThan(of('bye.md#0').concepts);
    expect(of('bye.md#0').concepts).toBe(0);
  });

  it('a generic subject lowers the penalty for a question about the world by half', () => {
    const t: HybridThresholds = { ...T, weights: { ...T.weights, impersonal: 1 } };
    expect(index.rank('Kann man hier filmen?', none, t)[0]!.impersonal).toBe(0.5);
    expect(index.rank('Wird hier gefilmt?', none, t)[0]!.impersonal).toBe(1);
  });
});
