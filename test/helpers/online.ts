import type { ConfigInput } from '../../src/config/index.js';
import type { Ports } from '../../src/dialogue/index.js';
import { Health } from '../../src/health/index.js';
import { OllamaLanguageModel } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from './config.js';
import type { FakeOllamaOptions } from './fake-ollama.js';
import { fakeOllamaForTest } from './per-test.js';
import { turnPorts } from './ports.js';

/**
 * One turn's ports with the language model on a fake Ollama answering `reply` (the real client,
 * started), closed when the test ends.
 */
export async function onFakeOllama(reply: NonNullable<FakeOllamaOptions['reply']>, config: ConfigInput = {}, overrides: Partial<Ports> = {}) {
  const server = await fakeOllamaForTest({ reply });
  const cfg = testConfig({ ...config, llm: { enabled: true, url: server.url, ...config.llm } });
  const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health: new Health() });
  await llm.start();
  return { server, ports: turnPorts(cfg, { llm, ...overrides }) };
}
