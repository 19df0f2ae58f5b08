import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Health } from '../../../src/health/index.js';
import { LlmService } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';

let server: FakeOllama | null = null;
let llm: LlmService | null = null;
afterEach(async () => {
  await llm?.stop();
  await server?.close();
  llm = server = null;
});

const schema = z.object({ intent: z.string() });
const messages = [{ role: 'user' as const, content: 'Hello' }];

describe("an answer's length is capped (llm.jsonMaxTokens, llm.replyMaxTokens)", () => {
  it('asks the server for at most jsonMaxTokens tokens on a JSON call, and replyMaxTokens on the streamed reply', async () => {
    server = await startFakeOllama();
    const config = testConfig({ llm: { enabled: true, url: server.url, jsonMaxTokens: 200, replyMaxTokens: 120, warm: false } });
    llm = new LlmService({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    await llm.json({ agent: 'intent', messages }, schema).catch(() => null);
    await llm.complete({ agent: 'response', messages });
    const [json, reply] = server.chats;
    expect(json?.options?.num_predict).toBe(200);
    expect(reply?.options?.num_predict).toBe(120);
  });

  it("does not cap a profile that thinks ('on'): its reasoning would count against the limit", async () => {
    server = await startFakeOllama();
    const config = testConfig({ llm: { enabled: true, url: server.url, warm: false, profiles: { small: { model: 'qwen2.5:3b', think: 'on' } } } });
    llm = new LlmService({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    await llm.json({ agent: 'intent', messages }, schema).catch(() => null);
    expect(server.chats[0]?.options?.num_predict).toBeUndefined();
    expect(config.llm.replyMaxTokens).toBe(300);
  });
});
