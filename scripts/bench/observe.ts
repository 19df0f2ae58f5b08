import { Health } from '../../src/health/index.js';
import type { LlmCallRecord } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { SessionLog } from '../../src/observe/index.js';
import type { TurnEvent } from '../../src/bus/index.js';
import { summarize, type Measurement } from './stats.js';

// A realistic turn's log: a 2 kB prompt and four model calls.
const PROMPT = 'You are Nadine, a friendly receptionist robot. '.repeat(40);

const call = (turnId: string, agent: LlmCallRecord['agent']): LlmCallRecord => ({
  turn_id: turnId,
  agent,
  backend: 'ollama',
  model: 'qwen2.5:7b',
  options: { temperature: 0.7 },
  messages: [
    { role: 'system', content: PROMPT },
    { role: 'user', content: 'What can you tell me about the opening hours?' },
  ],
  format: agent !== 'response',
  output: 'We are open from nine to five, Monday to Friday.',
  started_at: new Date().toISOString(),
  ms: 800,
  ttft_ms: 120,
  tokens: { prompt: 600, completion: 14 },
});

const event = (turnId: string): TurnEvent => ({
  turn_id: turnId,
  session_id: 'bench',
  ts: new Date().toISOString(),
  user_id: null,
  user_text: 'What can you tell me about the opening hours?',
  intent: { name: 'continue_conversation', confidence: 0.9, source: 'model' },
  reply: 'We are open from nine to five, Monday to Friday.',
  language: 'en',
  timings_ms: { total: 900 },
  spans: ['intent', 'plan', 'appraisal', 'response'].map((agent, i) => ({ agent, start_ms: i * 100, ms: 100 })),
  model_ms: {},
  gestures: [],
  degraded: [],
  errors: [],
});

/**
 * The interaction log's cost: what a turn pays (recording its lines in memory: all it waits for)
 * and what the disk takes behind it (appending them), plain and redacted.
 */
export async function benchObserve(options: { turns: number; dataDir: string }): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const redact of [false, true]) {
    const log = new SessionLog({ dir: options.dataDir, write: true, redact, flushMs: 60_000, log: silentLogger, health: new Health() });
    const inTurn: number[] = [];
    const behind: number[] = [];
    for (let i = 0; i < options.turns; i++) {
      const turnId = `t${redact ? 'r' : ''}${i}`;
      const started = performance.now();
      log.turnStarted({ turn_id: turnId, session_id: `bench${redact ? '-redacted' : ''}`, user_id: null, user_text: 'What can you tell me about the opening hours?', ts: new Date().toISOString() });
      for (const agent of ['intent', 'plan', 'appraisal', 'response'] as const) log.modelCall(call(turnId, agent));
      log.turnEnded(event(turnId));
      inTurn.push(performance.now() - started);
      const flushing = performance.now();
      await log.flush();
      behind.push(performance.now() - flushing);
    }
    const label = redact ? ' (redacted)' : '';
    results.push({ name: `interaction log: a turn records its 6 lines in memory${label}`, unit: 'ms', summary: summarize(inTurn), targetP95: 1 });
    results.push({ name: `interaction log: appending them, behind the turn${label}`, unit: 'ms', summary: summarize(behind) });
  }
  return results;
}
