import { afterEach, describe, expect, it } from 'vitest';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { episodeText, extractiveEpisode, summarize, type ConversationText } from '../../../src/memory/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama, type FakeReply } from '../../helpers/fake-ollama.js';

const CONVERSATION: ConversationText = {
  user_name: 'Alice',
  robot_name: 'Nadine',
  language: 'en',
  messages: [
    { role: 'user', content: "I'm training for the Berlin marathon." },
    { role: 'assistant', content: 'Good luck with your training!' },
    { role: 'user', content: 'Thanks, bye!' },
  ],
};
const EPISODE = {
  observation: 'Alice said she is training for the Berlin marathon.',
  thought: 'Alice is a runner preparing for a big race.',
  action: 'I wished her good luck with her training.',
  result: 'Alice said goodbye.',
};

let fake: FakeOllama | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function llmWith(reply: (body: ChatBody) => string | FakeReply) {
  fake = await startFakeOllama({ reply });
  const config = testConfig({ llm: { enabled: true, url: fake.url } });
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return llm;
}

const options = (llm: OllamaLanguageModel, useLlm = true) => ({ llm, useLlm, sentences: 3, signal: new AbortController().signal, log: silentLogger });

describe('episode summary', () => {
  it('asks the summary model for the four parts as structured output, with the whole conversation', async () => {
    const llm = await llmWith(() => JSON.stringify(EPISODE));
    const summary = await summarize(CONVERSATION, options(llm));
    expect(summary).toMatchObject({ source: 'llm', episode: EPISODE, highlight: "I'm training for the Berlin marathon." });
    const [chat] = fake!.chats;
    expect(chat!.model).toBe('qwen2.5:7b'); // llm.agents.summary → the "big" profile
    expect(chat!.format).toMatchObject({ type: 'object', required: expect.arrayContaining(['observation', 'thought', 'action', 'result']) });
    expect(chat!.messages[0]!.content).toMatch(/Never add facts/);
    expect(chat!.messages[1]!.content).toContain("Alice: I'm training for the Berlin marathon.\nNadine (I): Good luck with your training!\nAlice: Thanks, bye!");
    llm.stop();
  });

  it('falls back to the faithful extractive summary when the model fails or leaves a part empty', async () => {
    const extractive = extractiveEpisode(CONVERSATION, 3).episode;
    for (const reply of [{ text: '', status: 500 }, JSON.stringify({ ...EPISODE, result: '  ' }), 'not json at all']) {
      const llm = await llmWith(() => reply);
      expect(await summarize(CONVERSATION, options(llm))).toMatchObject({ source: 'extractive', episode: extractive });
      llm.stop();
      await fake!.close();
      fake = null;
    }
  });

  it('does not ask the model when summaries by model are off, or the model is unavailable', async () => {
    const llm = await llmWith(() => JSON.stringify(EPISODE));
    expect((await summarize(CONVERSATION, options(llm, false))).source).toBe('extractive');
    llm.stop();
    const offline = new OllamaLanguageModel({ config: testConfig().llm, log: silentLogger, health: new Health() });
    expect((await summarize(CONVERSATION, options(offline))).source).toBe('extractive');
    expect(fake!.chats).toEqual([]);
  });

  it('bounds what the model wrote, and joins the parts into the text that is embedded', async () => {
    const llm = await llmWith(() => JSON.stringify({ ...EPISODE, observation: `Alice said ${'very '.repeat(300)}much.` }));
    const { episode } = await summarize(CONVERSATION, options(llm));
    expect(episode.observation.length).toBeLessThanOrEqual(600);
    expect(episode.observation.endsWith('…')).toBe(true);
    expect(episodeText(EPISODE)).toBe(`${EPISODE.observation} ${EPISODE.thought} ${EPISODE.action} ${EPISODE.result}`);
    llm.stop();
  });
});
