import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TurnEventSchema } from '../../../../src/bus/index.js';
import { responseAgent } from '../../../../src/dialogue/agents/response.js';
import { visualMemoryAgent } from '../../../../src/dialogue/agents/visual-memory.js';
import { buildDialogueGraph, createDialogue, newSession, startTurn, type TurnState , step } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { VisualMemory, type VisualMemoryPort } from '../../../../src/visual-memory/index.js';
import { tempDir, testConfig } from '../../../helpers/config.js';
import type { FakeOllama } from '../../../helpers/fake-ollama.js';
import { daemonPorts, turnPorts } from '../../../helpers/ports.js';
import { FIXTURE_USER, installSceneFixtures, sceneDir } from '../../../helpers/scenes.js';
import { fakeOllamaForTest } from '../../../helpers/per-test.js';

const ALICE = { user_id: FIXTURE_USER, user_name: 'Alice' };
const UMBRELLA = 'Do you remember my red umbrella?';
let server: FakeOllama | null = null;

/** Description-only visual memory over the fixture scenes (ranking on words is meaningful; the stand-in's is not). */
function visualMemory(dataDir = tempDir()) {
  installSceneFixtures(dataDir);
  const vm = new VisualMemory({ dataDir, cacheDir: path.join(dataDir, 'cache'), encoder: null, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15, imageScale: 1 }, log: silentLogger });
  const calls: string[] = [];
  const port: VisualMemoryPort = {
    recall: (user, text, ctx) => (calls.push(text), vm.recall(user, text, ctx)),
    imageBase64: (p) => vm.imageBase64(p),
  };
  return { port, calls, dataDir };
}

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en', ALICE), 't', text, null), intent: 'continue_conversation', ...patch });

describe('visual memory agent', () => {
  it("writes the current user's best scene to the blackboard", async () => {
    const { port } = visualMemory();
    const patch = await step(visualMemoryAgent, turn(UMBRELLA), turnPorts(testConfig(), { visualMemory: port }));
    expect(patch.visual_memory).toMatchObject({ scene_id: 'scene_20260301_101500', score_source: 'lexical' });
    expect(patch.visual_memory!.score).toBeGreaterThanOrEqual(0.15);
  });

  it('recalls nothing for an unknown user, one met this very turn, a farewell, a language switch, or when switched off', async () => {
    const { port, calls } = visualMemory();
    const ports = turnPorts(testConfig(), { visualMemory: port });
    const unknown = turn(UMBRELLA, { user_info: { user_id: null, user_name: null } });
    expect(await step(visualMemoryAgent, unknown, ports)).toEqual({ visual_memory: null });
    expect(await step(visualMemoryAgent, turn(UMBRELLA, { intent: 'end_conversation' }), ports)).toEqual({ visual_memory: null });
    expect(await step(visualMemoryAgent, turn(UMBRELLA, { intent: 'language_change' }), ports)).toEqual({ visual_memory: null });
    // Met this very turn: perception has no scene of them yet, so nothing is searched.
    expect(await step(visualMemoryAgent, turn(UMBRELLA, { name_resolution: { status: 'new_user', candidate: null } }), ports)).toEqual({ visual_memory: null });
    expect(calls).toEqual([]);
    expect(await step(visualMemoryAgent, turn(UMBRELLA), turnPorts(testConfig(), { visualMemory: null }))).toEqual({ visual_memory: null });
  });
});

describe('response agent with a remembered scene', () => {
  async function respond(multimodal: boolean) {
    server = await fakeOllamaForTest({ reply: () => 'Yes, the red umbrella on the beach!' });
    const config = testConfig({ llm: { enabled: true, url: server.url, profiles: { response: { model: 'qwen2.5:7b', multimodal } } } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    const { port, dataDir } = visualMemory();
    const ports = turnPorts(config, { llm, visualMemory: port });
    const state = turn(UMBRELLA);
    const { visual_memory } = await step(visualMemoryAgent, state, ports);
    const patch = await step(responseAgent, { ...state, visual_memory: visual_memory ?? null }, ports);
    return { patch, chat: server.chats.at(-1)!, dataDir };
  }

  it('passes the scene image to a multimodal response model, with the person message', async () => {
    const { patch, chat, dataDir } = await respond(true);
    expect(patch.final_message).toBe('Yes, the red umbrella on the beach!');
    const image = readFileSync(path.join(sceneDir(dataDir, FIXTURE_USER), 'images', 'scene_20260301_101500.jpg')).toString('base64');
    expect(chat.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringMatching(new RegExp(`^${UMBRELLA.replace(/[?.]/g, '\\$&')}\n\n\\[`)), images: [image] });
    expect(chat.messages.filter((m) => m.images?.length)).toHaveLength(1);
    // The scene is this turn's note, after the utterance.
    expect(chat.messages.at(-1)!.content).toContain('Alice holding a red umbrella on a sunny beach');
  });

  it('mentions the scene in the prompt, without an image, for a text-only model', async () => {
    const { chat } = await respond(false);
    expect(chat.messages.some((m) => m.images?.length)).toBe(false);
    expect(chat.messages.at(-1)!.content).toContain('You remember a moment with this person (1 March 2026): Alice holding a red umbrella on a sunny beach.');
  });
});

describe('a turn that recalls a scene', () => {
  it('reports the scene used, with its score and how it was scored, in the turn event', async () => {
    const config = testConfig();
    const { port } = visualMemory();
    const health = new Health();
    const { turns, presence, current, mentions, forget } = createDialogue({
      ports: daemonPorts(config, { llm: new OllamaLanguageModel({ config: config.llm, log: silentLogger, health }), visualMemory: port }),
      graph: buildDialogueGraph(config),
      log: silentLogger,
      health,
    });
    presence.switchUser(ALICE);
    const result = await turns.submit({ text: UMBRELLA });
    const event = TurnEventSchema.parse(result!.event);
    expect(result!.run.timings).toHaveProperty('visual_memory');
    expect(event.visual_memory).toMatchObject({ scene_id: 'scene_20260301_101500', score_source: 'lexical' });
    expect(event.visual_memory!.score).toBeGreaterThan(0);

    const unrelated = TurnEventSchema.parse((await turns.submit({ text: 'How does a jet engine work?' }))!.event);
    expect(unrelated.visual_memory).toBeNull();
  });

  it('leaves the agent out of the graph when visual memory or memory is switched off', () => {
    for (const off of [testConfig({ visualMemory: { enabled: false } }), testConfig({ agents: { memory: false } })]) {
      const graph = buildDialogueGraph(off);
      expect(Object.keys(graph.nodes)).not.toContain('visual_memory');
      expect(Object.values(graph.edges).flatMap((e) => (typeof e === 'string' ? [e] : e.to))).not.toContain('visual_memory');
      // Visual memory runs in the recall step, beside knowledge and memory.
      expect(recallAgents(graph)).not.toContain('visual_memory');
      expect(recallAgents(graph)).toContain('knowledge');
    }
    expect(recallAgents(buildDialogueGraph(testConfig()))).toEqual(['memory_retrieve', 'visual_memory', 'knowledge']);
  });
});

function recallAgents(graph: ReturnType<typeof buildDialogueGraph>): string[] {
  const node = (graph.nodes as Record<string, unknown>).recall as { agents: { name: string }[] } | undefined;
  return node?.agents.map((a) => a.name) ?? [];
}
