import { Ollama } from 'ollama';
import { afterEach, describe, expect, it } from 'vitest';
import { agentOf, approxTokens, startLatencyModelServer, type LatencyModelServer } from '../../scripts/bench/model-server.js';
import { PROFILES } from '../../scripts/bench/profiles.js';

// The critical-path bench's model server: its numbers are only as good as its prefix cache and slots.
describe('the latency-modelled model server', () => {
  let server: LatencyModelServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  const start = async () => {
    server = await startLatencyModelServer({ profile: PROFILES[0]!, timeScale: 0.01, answer: (_, agent) => (agent === 'intent' ? '{"intent": "first_greeting"}' : 'Hello there. How are you?') });
    return { server, client: new Ollama({ host: server.url }) };
  };
  const chat = async (client: Ollama, model: string, messages: { role: string; content: string }[], format?: object) => {
    let text = '';
    for await (const part of await client.chat({ model, messages, stream: true, format })) text += part.message.content;
    return text;
  };

  it('computes only what follows the prefix the model slot already holds, per model', async () => {
    const { server: s, client } = await start();
    const first = [
      { role: 'system', content: 'You are Nadine, a receptionist robot.' },
      { role: 'user', content: 'Hello!' },
    ];
    const answer = await chat(client, 'qwen2.5:7b', first);
    const second = [...first, { role: 'assistant', content: answer }, { role: 'user', content: 'Where is the meeting room?' }];
    await chat(client, 'qwen2.5:7b', second);
    await chat(client, 'qwen2.5:3b', second);
    const [a, b, c] = s.calls;
    expect(a!.cachedTokens).toBe(0);
    // The whole first sequence, prompt and answer, is reused: only the new turn is computed.
    expect(b!.cachedTokens).toBe(a!.promptTokens + a!.outputTokens);
    // <|im_end|> \n after the answer, then the user message and the generation prompt, in template tokens.
    expect(b!.promptTokens - b!.cachedTokens).toBe(2 + 3 + approxTokens('Where is the meeting room?').length + 2 + 3);
    // Another model has its own slot and cache.
    expect(c!.cachedTokens).toBe(0);
  });

  it('answers one request per model at a time, and other models beside it', async () => {
    const { server: s, client } = await start();
    const ask = (model: string, text: string) => chat(client, model, [{ role: 'user', content: text }]);
    await Promise.all([ask('qwen2.5:7b', 'one'), ask('qwen2.5:7b', 'two'), ask('qwen2.5:3b', 'three')]);
    const [one, two, three] = ['one', 'two', 'three'].map((t) => s.calls.find((c) => c.body.messages[0]!.content === t)!);
    expect(two!.startedAt).toBeGreaterThanOrEqual(one!.endedAt!);
    expect(three!.startedAt).toBeLessThan(one!.endedAt!);
    await s.idle();
    expect(s.calls.every((c) => c.endedAt !== null && !c.aborted)).toBe(true);
  });

  it("counts a request's time from its arrival, before the stand-in read and counted it", async () => {
    const { server: s, client } = await start();
    await chat(client, 'qwen2.5:7b', [{ role: 'user', content: 'Hello!' }]);
    const [call] = s.calls;
    // The fake's own record is made once the body is read: the modelled server's time began before it.
    expect(call!.receivedAt).toBeLessThan(s.fake.streams[0]!.receivedAt);
  });

  it('recognises the agent from the JSON schema of the request', () => {
    const body = (format?: object, images?: string[]) => ({ model: 'm', messages: [{ role: 'user', content: 'x', ...(images && { images }) }], format });
    expect(agentOf(body({ type: 'object', properties: { intent: {}, language: {} } }))).toBe('intent');
    expect(agentOf(body({ anyOf: [{ properties: { steps: {} } }, { properties: { plan: {} } }] }))).toBe('plan');
    expect(agentOf(body({ anyOf: [{ properties: { question: {} } }] }))).toBe('contextualize');
    expect(agentOf(body({ properties: { emotions: {} } }))).toBe('appraisal');
    expect(agentOf(body({ properties: { user_name: {} } }))).toBe('memory_update');
    expect(agentOf(body())).toBe('response');
    expect(agentOf(body(undefined, ['aGk=']))).toBe('vision');
  });
});
