import { describe, expect, it } from 'vitest';
import { affectParams, VolatileAffect, type AffectPort, type AffectState } from '../../../../src/affect/index.js';
import { appraisalAgent, reappraisalAgent } from '../../../../src/dialogue/agents/appraisal.js';
import { newSession, startTurn, type TurnState, step } from '../../../../src/dialogue/index.js';
import { modelInstructions } from '../../../helpers/prompt.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { FakeOllama } from '../../../helpers/fake-ollama.js';
import { turnPorts } from '../../../helpers/ports.js';
import { fakeOllamaForTest } from '../../../helpers/per-test.js';

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), ...patch });

/** Counts commits: the agent must commit (and so save) only when something was felt. */
class CountingAffect extends VolatileAffect {
  commits: AffectState[] = [];
  override commit(state: AffectState): void {
    this.commits.push(state);
    super.commit(state);
  }
}

let server: FakeOllama | null = null;

async function withOllama(reply: (body: { messages: { content: string }[] }) => string) {
  server = await fakeOllamaForTest({ reply });
  const config = testConfig({ llm: { enabled: true, url: server.url } });
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
  await llm.start();
  const affect = new CountingAffect(affectParams(config.affect));
  return { ports: turnPorts(config, { llm, affect }), affect };
}

describe('appraisal agent, offline (lexicon)', () => {
  it('makes the robot feel a compliment: joy, a smile, a more exuberant mood later', async () => {
    const config = testConfig();
    const affect = new CountingAffect(affectParams(config.affect));
    const ports = turnPorts(config, { affect });
    const patch = await step(appraisalAgent, turn("You're so smart and lovely!", { intent: 'continue_conversation' }), ports);
    expect(patch.appraisal).toMatchObject({ source: 'lexicon', emotions: expect.arrayContaining([expect.objectContaining({ emotion: 'joy' })]) });
    expect(patch.affect).toMatchObject({ emotion: 'joy', octant: 'exuberant' });
    expect(patch.affect!.intensity).toBeGreaterThan(0.5);
    expect(patch.gestures).toEqual(['SMILE']);
    expect(affect.commits).toHaveLength(1);
    // a minute later the mood has moved further out into exuberant (push phase)
    const later = affect.current(new Date(ports.clock.now().getTime() + 60_000));
    expect(Math.hypot(later.mood.pleasure, later.mood.arousal, later.mood.dominance)).toBeGreaterThan(
      Math.hypot(patch.affect!.mood.pleasure, patch.affect!.mood.arousal, patch.affect!.mood.dominance),
    );
  });

  it('makes the robot feel an insult: anger, no smile, and different from a compliment', async () => {
    const ports = turnPorts(testConfig());
    const patch = await step(appraisalAgent, turn('You are a stupid useless robot', { intent: 'continue_conversation' }), ports);
    expect(patch.affect).toMatchObject({ emotion: 'anger' });
    expect(patch.appraisal!.emotions.map((e) => e.emotion)).toEqual(['anger', 'reproach']);
    expect(patch.gestures).toBeUndefined();
  });

  it('nods on gratitude, and follows the configured gesture mapping and threshold', async () => {
    expect((await step(appraisalAgent, turn('Thank you so much!'), turnPorts(testConfig()))).gestures).toEqual(['NOD_YES']);
    const custom = turnPorts(testConfig({ gestures: { emotions: { anger: 'SHAKE_HEAD', gratitude: null }, emotionMinIntensity: 0.7 } }));
    expect((await step(appraisalAgent, turn('You are useless!'), custom)).gestures).toEqual(['SHAKE_HEAD']); // anger 0.78
    expect((await step(appraisalAgent, turn('You are annoying'), custom)).gestures).toBeUndefined(); // anger 0.68
    expect((await step(appraisalAgent, turn('Thank you so much!'), custom)).gestures).toBeUndefined(); // joy 0.58, gratitude unmapped
    // the strongest emotion without an animation gives way to the next one that has one
    const lower = turnPorts(testConfig({ gestures: { emotions: { gratitude: null }, emotionMinIntensity: 0.5 } }));
    expect((await step(appraisalAgent, turn('Thank you so much!'), lower)).gestures).toEqual(['SMILE']);
  });

  it('plays the animation of the strongest emotion that has one and reaches the threshold, as it appraised them', async () => {
    const insult = 'You are a stupid useless robot';
    const gesture = async (gestures: object) => (await step(appraisalAgent, turn(insult), turnPorts(testConfig({ gestures })))).gestures ?? null;
    const [anger, reproach] = (await step(appraisalAgent, turn(insult), turnPorts(testConfig()))).appraisal!.emotions;
    expect([anger!.emotion, reproach!.emotion]).toEqual(['anger', 'reproach']);
    expect(anger!.intensity).toBeGreaterThan(reproach!.intensity);
    // The strongest has no animation: the next one plays, from exactly the threshold, not under it.
    expect(await gesture({ emotions: { reproach: 'SHAKE_HEAD' }, emotionMinIntensity: reproach!.intensity })).toEqual(['SHAKE_HEAD']);
    expect(await gesture({ emotions: { reproach: 'SHAKE_HEAD' }, emotionMinIntensity: reproach!.intensity + 0.01 })).toBeNull();
    // Both have one: the strongest's plays, whatever the list order; the weaker one alone is not enough.
    expect(await gesture({ emotions: { reproach: 'SHAKE_HEAD', anger: 'FROWN' }, emotionMinIntensity: reproach!.intensity })).toEqual(['FROWN']);
    expect(await gesture({ emotions: { reproach: 'SHAKE_HEAD', anger: 'FROWN' }, emotionMinIntensity: anger!.intensity + 0.01 })).toBeNull();
  });

  it('takes greetings and farewells from the intent, mildly: no gesture beyond the wave', async () => {
    const ports = turnPorts(testConfig());
    const hello = await step(appraisalAgent, turn('Servus', { intent: 'first_greeting' }), ports);
    expect(hello.appraisal!.emotions).toEqual([{ emotion: 'joy', intensity: 0.3 }]);
    expect(hello.gestures).toBeUndefined();
  });

  it('commits nothing when nothing was felt, and reports the current state', async () => {
    const config = testConfig();
    const affect = new CountingAffect(affectParams(config.affect));
    const patch = await step(appraisalAgent, turn('Where is the meeting room?'), turnPorts(config, { affect }));
    expect(patch.appraisal).toEqual({ emotions: [], source: 'lexicon' });
    expect(patch.affect).toMatchObject({ emotion: null, intensity: 0, octant: 'exuberant', mood_intensity: 'moderately' });
    expect(affect.commits).toHaveLength(0);
  });

  it("appraises only the visitor's utterance, never recalled memories or the robot's own words", async () => {
    const config = testConfig();
    const affect = new CountingAffect(affectParams(config.affect));
    const ports = turnPorts(config, { affect });
    const memory = (text: string) => ({ id: 'm', text, score: 0.9, timestamp: '2026-01-01T00:00:00Z', reason: 'similar' as const, highlight: null });
    const state = turn("Yes, that's me.", {
      intent: 'continue_conversation',
      episode_memory: memory('Bob said his dog died. He thanked the robot, so kind and helpful!'),
      conversation_memory: memory("User: Thank you so much!\nRobot: My pleasure, happy to help. You're wonderful!"),
    });
    const patch = await step(appraisalAgent, state, ports);
    expect(patch.appraisal).toEqual({ emotions: [], source: 'lexicon' });
    expect(affect.commits).toHaveLength(0);
  });
});

/** The appraisal on the device, then the reappraisal after the reply, as the graph runs them. */
async function appraiseTwice(text: string, ports: Awaited<ReturnType<typeof withOllama>>['ports']) {
  const first = await step(appraisalAgent, turn(text), ports);
  return { first, patch: await step(reappraisalAgent, { ...turn(text), ...first }, ports) };
}

describe('appraisal with the language model, after the reply', () => {
  it('asks the small model for OCC emotions as JSON and uses its answer; only that is committed', async () => {
    const { ports, affect } = await withOllama(() => '{"emotions": [{"emotion": "Happy-for", "intensity": 0.8}, {"emotion": "joy", "intensity": 0.5}]}');
    const { first, patch } = await appraiseTwice('My daughter was born yesterday!', ports);
    // On the device first, for the reply, then the model's reading.
    expect(first).toMatchObject({ reappraise: true, appraisal: { source: 'lexicon' } });
    expect(patch.appraisal).toEqual({
      source: 'llm',
      emotions: [
        { emotion: 'happy_for', intensity: 0.8 },
        { emotion: 'joy', intensity: 0.5 },
      ],
    });
    expect(affect.commits).toHaveLength(1);
    expect(patch.affect!.emotion).toBe('happy_for');
    const request = server!.chats[0]!;
    expect(request.model).toBe('qwen2.5:3b');
    expect(request.format).toMatchObject({ type: 'object', properties: { emotions: { type: 'array' } } });
    expect(request.messages.at(-1)!.content).toContain('My daughter was born yesterday!');
    expect(ports.modelMs.appraisal).toBeGreaterThan(0);
  });

  it('falls back to the lexicon when the model answers nonsense or fails', async () => {
    const { ports, affect } = await withOllama(() => '{"emotions": [{"emotion": "schadenfreude", "intensity": 3}]}');
    const { patch } = await appraiseTwice('You are a stupid useless robot', ports);
    expect(patch.appraisal!.source).toBe('lexicon');
    expect(patch.affect!.emotion).toBe('anger');
    server!.setReply(() => ({ text: '', status: 500 }) as never);
    expect((await appraiseTwice('Thanks a lot!', ports)).patch.appraisal).toMatchObject({ source: 'lexicon', emotions: [{ emotion: 'gratitude' }, { emotion: 'joy' }] });
    expect(affect.commits).toHaveLength(2); // once per utterance, never twice
  });

  it('leaves the affect to the appraisal on the device when there is no language model', async () => {
    const config = testConfig();
    const affect = new CountingAffect(affectParams(config.affect));
    const { first, patch } = await appraiseTwice('Thank you so much!', turnPorts(config, { affect }));
    expect(first.reappraise).toBe(false);
    expect(patch).toEqual({});
    expect(affect.commits).toHaveLength(1);
  });

  it('keeps at most three emotions and drops negligible ones', async () => {
    const { ports } = await withOllama(() =>
      JSON.stringify({
        emotions: [
          { emotion: 'pity', intensity: 0.7 },
          { emotion: 'distress', intensity: 0.3 },
          { emotion: 'pity', intensity: 0.2 },
          { emotion: 'fear', intensity: 0.02 },
          { emotion: 'hope', intensity: 0.2 },
          { emotion: 'liking', intensity: 0.1 },
        ],
      }),
    );
    const { patch } = await appraiseTwice('My father is in hospital.', ports);
    expect(patch.appraisal!.emotions).toEqual([
      { emotion: 'pity', intensity: 0.7 },
      { emotion: 'distress', intensity: 0.3 },
      { emotion: 'hope', intensity: 0.2 },
    ]);
  });
});

describe('the response prompt', () => {
  it('tells the model how the robot feels, in words', async () => {
    const config = testConfig();
    const ports = turnPorts(config);
    const state = turn('You are a stupid useless robot');
    const patch = await step(appraisalAgent, state, ports);
    const prompt = modelInstructions({ ...state, ...patch }, config, new Date('2026-11-21T10:00:00Z'));
    expect(prompt).toMatch(/Right now you feel (quite|very|extremely) angry, and your mood is moderately exuberant \(cheerful/);
    expect(prompt).toMatch(/stay polite and helpful/);
    expect(modelInstructions(state, config, new Date())).not.toMatch(/you feel/); // no affect: no section
  });

  it('describes a shifted mood after repeated insults', async () => {
    const config = testConfig();
    let now = Date.parse('2026-11-21T10:00:00Z');
    const affect: AffectPort = new VolatileAffect(affectParams(config.affect));
    const ports = turnPorts(config, { affect, clock: { now: () => new Date(now) } });
    let patch: Partial<TurnState> = {};
    for (let i = 0; i < 8; i++, now += 30_000) patch = await step(appraisalAgent, turn('You are so stupid and useless!'), ports);
    expect(patch.affect!.octant).toBe('hostile');
    expect(modelInstructions({ ...turn('x'), ...patch }, config, new Date(now))).toMatch(/your mood is \w+ hostile \(irritated/);
  });
});
