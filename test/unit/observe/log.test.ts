import { readdirSync, readFileSync, utimesSync, writeFileSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TurnEvent } from '../../../src/bus/index.js';
import { ConfigSchema } from '../../../src/config/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel, type LlmCallRecord } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { BACKGROUND_SESSION, hashText, pruneSessions, readSession, SessionIdSchema, SessionLog } from '../../../src/observe/index.js';
import { tempDir, testConfig } from '../../helpers/config.js';
import type { FakeOllama } from '../../helpers/fake-ollama.js';
import { fakeOllamaForTest } from '../../helpers/per-test.js';

const NOW = new Date('2026-11-25T10:00:00Z');

function sessionLog(options: { redact?: boolean; dir?: string } = {}) {
  const dir = options.dir ?? tempDir();
  const health = new Health();
  const log = new SessionLog({ dir, write: true, redact: options.redact ?? false, flushMs: 60_000, log: silentLogger, health, now: () => NOW });
  return { dir, log, health };
}

const call = (over: Partial<LlmCallRecord> = {}): LlmCallRecord => ({
  turn_id: null,
  agent: 'response',
  backend: 'ollama',
  model: 'qwen2.5:7b',
  options: { temperature: 0.7 },
  messages: [
    { role: 'system', content: 'Maria likes green tea.' },
    { role: 'user', content: 'What do I like?' },
  ],
  format: false,
  output: 'You like green tea.',
  started_at: '2026-11-25T10:00:00.100Z',
  ms: 120,
  ttft_ms: 40,
  tokens: { prompt: 30, completion: 5 },
  ...over,
});

const turnEvent = (over: Partial<TurnEvent> = {}): TurnEvent => ({
  turn_id: 't1',
  session_id: 's1',
  ts: '2026-11-25T10:00:00.000Z',
  user_id: 'maria-1',
  user_text: 'What do I like?',
  intent: { name: 'continue_conversation', confidence: 0.9, source: 'model' },
  reply: 'You like green tea.',
  language: 'en',
  timings_ms: { total: 300 },
  spans: [{ agent: 'response', start_ms: 10, ms: 250 }],
  model_ms: {},
  gestures: [],
  degraded: [],
  errors: [],
  ...over,
});

const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('the interaction log', () => {
  it('writes one file per session under its day: session, turn and model call lines, each with its turn id', async () => {
    const { dir, log } = sessionLog();
    log.turnStarted({ turn_id: 't1', session_id: 's1', user_id: 'maria-1', user_text: 'What do I like?', ts: '2026-11-25T10:00:00.000Z' });
    // Agents do not all pass their turn id yet: a call during a turn belongs to the running turn.
    log.modelCall(call());
    log.turnEnded(turnEvent());
    log.sessionEnded('s1', 'farewell');
    const file = path.join(dir, '2026-11-25', 's1.jsonl');
    expect(existsSync(file)).toBe(false); // buffered: nothing written inside the turn
    await log.flush();
    const entries = lines(file);
    expect(entries.map((e) => e.type)).toEqual(['session_start', 'turn_start', 'model_call', 'turn_end', 'session_end']);
    expect(entries.every((e) => 'turn_id' in e)).toBe(true);
    expect(entries[2]).toMatchObject({ turn_id: 't1', session_id: 's1', agent: 'response', output: 'You like green tea.', tokens: { prompt: 30, completion: 5 } });
    expect(entries[2].messages[1].content).toBe('What do I like?');
    expect(entries[3].event.reply).toBe('You like green tea.');
  });

  it("makes the day's folder again when it was removed between two writes (an operator cleaning up)", async () => {
    const { dir, log } = sessionLog();
    log.turnStarted({ turn_id: 't1', session_id: 's1', user_id: null, user_text: 'hi', ts: NOW.toISOString() });
    await log.flush();
    rmSync(path.join(dir, '2026-11-25'), { recursive: true });
    log.turnEnded(turnEvent());
    await log.flush();
    expect(lines(path.join(dir, '2026-11-25', 's1.jsonl')).map((e) => e.type)).toEqual(['turn_end']);
  });

  it('puts a call outside any turn in the background file, and a late call of a turn in its session', async () => {
    const { dir, log } = sessionLog();
    log.modelCall(call({ agent: 'summary' }));
    log.turnStarted({ turn_id: 't1', session_id: 's1', user_id: null, user_text: 'hi', ts: NOW.toISOString() });
    log.turnEnded(turnEvent());
    log.modelCall(call({ turn_id: 't1', agent: 'memory_update' }));
    await log.flush();
    expect(lines(path.join(dir, '2026-11-25', `${BACKGROUND_SESSION}.jsonl`)).map((e) => e.agent)).toEqual([undefined, 'summary']);
    expect(lines(path.join(dir, '2026-11-25', 's1.jsonl')).at(-1)).toMatchObject({ type: 'model_call', agent: 'memory_update', turn_id: 't1' });
  });

  it('keeps only hashes of what people said and of prompts when redacting', async () => {
    const { dir, log } = sessionLog({ redact: true });
    log.turnStarted({ turn_id: 't1', session_id: 's1', user_id: 'maria-1', user_text: 'What do I like?', ts: NOW.toISOString() });
    log.modelCall(call({ format: true, parsed: { likes: 'green tea' } }));
    log.turnEnded(turnEvent());
    await log.flush();
    const text = readFileSync(path.join(dir, '2026-11-25', 's1.jsonl'), 'utf8');
    expect(text).not.toMatch(/green tea|What do I like/);
    const entries = lines(path.join(dir, '2026-11-25', 's1.jsonl'));
    expect(entries[1].user_text).toBe(hashText('What do I like?'));
    expect(entries[2]).toMatchObject({ agent: 'response', ms: 120, output: hashText('You like green tea.') });
    expect(entries[3].event).toMatchObject({ intent: { name: 'continue_conversation' }, reply: hashText('You like green tea.') });
  });

  it('keeps what perception said and was told in the running turn\'s session, hashed when redacting, and the reasoning of a call', async () => {
    for (const redact of [false, true]) {
      const { dir, log } = sessionLog({ redact });
      log.turnStarted({ turn_id: 't1', session_id: 's1', user_id: null, user_text: 'I am Maria.', ts: NOW.toISOString() });
      log.perception('out', 'user_info', { user_id: 'maria-1', user_name: 'Maria' });
      log.modelCall(call({ turn_id: 't1', reasoning: 'Maria likes green tea, so…' }));
      await log.flush();
      const entries = lines(path.join(dir, '2026-11-25', 's1.jsonl'));
      const payload = { user_id: 'maria-1', user_name: 'Maria' };
      expect(entries[2]).toMatchObject({ type: 'perception', turn_id: 't1', direction: 'out', topic: 'user_info', payload: redact ? hashText(JSON.stringify(payload)) : payload });
      expect(entries[3].reasoning).toBe(redact ? hashText('Maria likes green tea, so…') : 'Maria likes green tea, so…');
    }
  });

  it('never lets a session id name a file outside its folder', async () => {
    const { dir, log } = sessionLog();
    log.sessionStarted('../../escape', null);
    await log.flush();
    const files = readdirSync(path.join(dir, '2026-11-25'));
    expect(files).toEqual([expect.stringMatching(/^x-[0-9a-f]{32}\.jsonl$/)]);
    expect(lines(path.join(dir, '2026-11-25', files[0]!))[0]).toMatchObject({ type: 'session_start', session_id: '../../escape' });
  });

  it('reports a folder it cannot write to, drops the lines and goes on', async () => {
    const blocker = path.join(tempDir(), 'not-a-folder');
    writeFileSync(blocker, 'a file where the log folder should be');
    const { log, health } = sessionLog({ dir: blocker });
    log.modelCall(call());
    await log.flush();
    expect(health.counter('interaction_log_dropped')).toBe(2);
    expect(health.get('interaction_log')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/cannot append to .*lines are dropped/) });
  });

  it('drops the oldest lines and counts them when the disk does not keep up', async () => {
    const dir = tempDir();
    const health = new Health();
    const log = new SessionLog({ dir, write: true, redact: false, flushMs: 60_000, log: silentLogger, health, now: () => NOW, maxBuffered: 3 });
    for (let i = 0; i < 5; i++) log.modelCall(call({ output: `n${i}` }));
    await log.flush();
    expect(health.counter('interaction_log_dropped')).toBe(3); // session_start and n0, n1
    expect(lines(path.join(dir, '2026-11-25', `${BACKGROUND_SESSION}.jsonl`)).map((e) => e.output)).toEqual(['n2', 'n3', 'n4']);
  });
});

describe('reading and pruning session files', () => {
  const write = (dir: string, day: string, id: string, bytes: number, mtime: Date) => {
    mkdirSync(path.join(dir, day), { recursive: true });
    const file = path.join(dir, day, `${id}.jsonl`);
    writeFileSync(file, `${JSON.stringify({ type: 'turn_start', pad: 'x'.repeat(bytes) })}\n`);
    utimesSync(file, mtime, mtime);
    return file;
  };

  it('deletes files past the retention days, then the oldest beyond the size limit, never an open one', async () => {
    const dir = tempDir();
    const day = 86_400_000;
    write(dir, '2026-11-01', 'ancient', 10, new Date(NOW.getTime() - 20 * day));
    const old = write(dir, '2026-11-20', 'old', 1000, new Date(NOW.getTime() - 5 * day));
    const open = write(dir, '2026-11-21', 'open', 1000, new Date(NOW.getTime() - 4 * day));
    write(dir, '2026-11-25', 'new', 1000, NOW);
    const { removed } = await pruneSessions(dir, { days: 14, maxTotalBytes: 2500, now: NOW, keep: new Set([open]) });
    expect(removed.map((f) => path.basename(f))).toEqual(['ancient.jsonl', 'old.jsonl']);
    expect(readdirSync(dir).sort()).toEqual(['2026-11-21', '2026-11-25']);
    expect(existsSync(old)).toBe(false);
  });

  it('reads a session across days and skips a line cut by a crash', async () => {
    const dir = tempDir();
    write(dir, '2026-11-24', 's1', 1, NOW);
    const second = write(dir, '2026-11-25', 's1', 2, NOW);
    writeFileSync(second, `${readFileSync(second, 'utf8')}{"type":"model_ca`);
    const session = await readSession(dir, 's1');
    expect(session?.entries).toHaveLength(2);
    expect(session?.skipped).toBe(1);
    expect(await readSession(dir, 'nobody')).toBeNull();
  });

  it('accepts only file-name-safe session ids', () => {
    for (const bad of ['../etc/passwd', 'a/b', '.hidden', 'a..b', '', 'x'.repeat(200)]) expect(SessionIdSchema.safeParse(bad).success, bad).toBe(false);
    for (const good of ['0f8c2d3e-1b2a-4c5d-9e8f-001122334455', BACKGROUND_SESSION]) expect(SessionIdSchema.safeParse(good).success, good).toBe(true);
  });
});

describe('the http settings', () => {
  it('refuse to listen beyond loopback without a token', () => {
    const open = ConfigSchema.safeParse({ http: { host: '0.0.0.0' } });
    expect(open.success).toBe(false);
    expect(z.prettifyError(open.error!)).toMatch(/0\.0\.0\.0 is reachable beyond this machine: set http\.token[\s\S]*at http\.token/);
    expect(ConfigSchema.safeParse({ http: { host: '0.0.0.0', token: 'a-long-enough-secret' } }).success).toBe(true);
    expect(ConfigSchema.safeParse({ http: { host: '0.0.0.0', enabled: false } }).success).toBe(true);
    expect(ConfigSchema.parse({}).http).toEqual({ enabled: true, host: '127.0.0.1', port: 8080, token: null });
  });
});

describe('the Ollama client reports each call', () => {
  let server: FakeOllama | null = null;

  it('with prompt, raw output, tokens and how the output was read', async () => {
    server = await fakeOllamaForTest({ reply: (body) => (body.format ? (body.messages[0]!.content === 'bad' ? 'not json' : '{"mood":"fine"}') : 'Hi there.') });
    const records: LlmCallRecord[] = [];
    const config = testConfig({ llm: { enabled: true, url: server.url } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health(), observe: (r) => records.push(r) });
    await llm.start();
    const schema = z.object({ mood: z.string() });
    expect(await llm.complete({ agent: 'response', turnId: 't9', messages: [{ role: 'user', content: 'hello' }] })).toBe('Hi there.');
    expect(await llm.json({ agent: 'appraisal', messages: [{ role: 'user', content: 'ok' }] }, schema)).toEqual({ mood: 'fine' });
    await expect(llm.json({ agent: 'appraisal', messages: [{ role: 'user', content: 'bad' }] }, schema)).rejects.toMatchObject({ kind: 'invalid_output' });
    llm.stop();
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ turn_id: 't9', agent: 'response', backend: 'ollama', model: 'qwen2.5:7b', format: false, output: 'Hi there.', tokens: { completion: 2 } });
    expect(records[0]!.messages).toEqual([{ role: 'user', content: 'hello' }]);
    expect(records[0]!.ttft_ms).not.toBeNull();
    expect(records[1]).toMatchObject({ turn_id: null, format: true, output: '{"mood":"fine"}', parsed: { mood: 'fine' } });
    expect(records[2]).toMatchObject({ format: true, output: 'not json', parse_error: expect.any(String) });
    expect(records[2]).not.toHaveProperty('parsed');
  });
});
