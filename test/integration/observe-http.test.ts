import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../src/bus/index.js';
import type { ConfigInput } from '../../src/config/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { ObservedRobot } from '../helpers/observed.js';

const sharedChroma = chromaCollections();
let robot: ObservedRobot | null = null;
afterEach(async () => {
  await robot?.stop();
  robot = null;
});

async function start(overrides: ConfigInput = {}): Promise<{ url: string; data: string }> {
  robot = await ObservedRobot.start({ structured: '{"unexpected": true}', text: 'Nice to hear from you.' }, { chroma: sharedChroma(), ...overrides });
  return { url: robot.url, data: robot.data };
}

const say = (text: string) => robot!.say(text);

/** Reads Server-Sent Events from a streamed response until `until` accepts one. */
async function readEvents(response: Response, until: (name: string, data: unknown) => boolean): Promise<{ name: string; data: unknown }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen: { name: string; data: unknown }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended after ${seen.map((e) => e.name).join(', ')}`);
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const name = block.match(/^event: (.+)$/m)?.[1];
      const data = block.match(/^data: (.+)$/m)?.[1];
      if (!name || data === undefined) continue;
      const event = { name, data: JSON.parse(data) as unknown };
      seen.push(event);
      if (until(event.name, event.data)) {
        await reader.cancel();
        return seen;
      }
    }
  }
}

describe('observing the robot over HTTP (daemon, embedded broker, fake language model)', () => {
  it('serves health, metrics, live turns and the interaction log after two utterances', async () => {
    const { url, data } = await start();
    const first = await say('Hello there!');
    const second = await say('Tell me something about the weather.');
    expect(second.session_id).toBe(first.session_id);

    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/application\/json/);
    const report = (await health.json()) as { status: string; components: Record<string, { status: string }> };
    expect(['ok', 'degraded']).toContain(report.status);
    expect(report.components.mqtt?.status).toBe('ok');
    expect(report.components.llm?.status).toBeDefined();
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect(await (await fetch(`${url}/health/ready`)).json()).toEqual({ status: report.status });

    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(/^nadine_turn_duration_seconds_bucket\{le="0\.05",intent="[a-z_]+",language="en"\} \d+$/m);
    expect(text).toMatch(/^nadine_turn_duration_seconds_count\{.*\} 1$/m);
    expect(text).toMatch(/^nadine_agent_duration_seconds_bucket\{le="[\d.]+",agent="response"\} \d+$/m);
    expect(text).toMatch(/^nadine_model_calls_total\{agent="response",model="qwen2\.5:7b",backend="ollama"\} 2$/m);
    expect(text).toMatch(/^nadine_model_tokens_total\{agent="response",model="qwen2\.5:7b",type="completion"\} 10$/m);
    expect(text).toMatch(/^nadine_barge_ins_total \d+$/m);
    expect(text).toMatch(/^nadine_outbox_pending \d+$/m);
    expect(text).toMatch(/^nadine_process_cpu_user_seconds_total /m);
    expect(text).not.toMatch(/Hello there|weather/); // nothing anyone said

    // The SSE client gets the current state at once, then the next turn as it happens.
    const stream = await fetch(`${url}/events`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const live = readEvents(stream, (name, d) => name === 'turn' && (d as TurnEvent).user_text === 'And what about tomorrow?');
    const third = say('And what about tomorrow?');
    const events = await live;
    expect(events[0]).toMatchObject({ name: 'status', data: { status: expect.any(String) } });
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining(['affect', 'presence', 'turn_start', 'turn']));
    const turn = events.at(-1)!.data as TurnEvent;
    expect(turn.turn_id).toBe((await third).turn_id);
    expect(turn.spans?.map((s) => s.agent)).toContain('response');

    // Sessions end when the dialogue says so: monitors hear it, the log gets its last line.
    const sessions = await readEvents(await fetch(`${url}/events`), (name) => {
      // Once this client is attached (its first event), the session ends.
      if (name === 'status') robot!.daemon.observer.sessionEnded(first.session_id!, 'farewell');
      return name === 'session';
    });
    expect(sessions.at(-1)!.data).toMatchObject({ session_id: first.session_id, status: 'ended', reason: 'farewell' });

    // The interaction log: one file for the session, model calls with prompt and raw output.
    await robot!.daemon.observer.flush();
    const days = readdirSync(path.join(data, 'logs', 'sessions'));
    expect(days).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
    const file = path.join(data, 'logs', 'sessions', days[0]!, `${first.session_id}.jsonl`);
    const entries = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown> & { type: string });
    expect(entries.every((e) => 'turn_id' in e && e.session_id === first.session_id)).toBe(true);
    expect(entries.map((e) => e.type).filter((t) => t.startsWith('session'))).toEqual(['session_start', 'session_end']);
    expect(entries.filter((e) => e.type === 'turn_end').map((e) => e.turn_id)).toEqual([first.turn_id, second.turn_id, turn.turn_id]);
    const replies = entries.filter((e) => e.type === 'model_call' && e.agent === 'response');
    expect(replies.map((e) => e.turn_id)).toEqual([first.turn_id, second.turn_id, turn.turn_id]);
    expect(replies[0]).toMatchObject({ model: 'qwen2.5:7b', format: false, output: 'Nice to hear from you.', tokens: { completion: 5 } });
    const prompt = replies[1]!.messages as { role: string; content: string }[];
    // The utterance, with this turn's notes after it (the full prompt is logged).
    expect(prompt.at(-1)).toEqual({ role: 'user', content: expect.stringMatching(/^Tell me something about the weather\.\n\n\[It is /) });
    // A structured call whose output did not fit its schema says so, with the raw output.
    expect(entries.some((e) => e.type === 'model_call' && e.format === true && e.output === '{"unexpected": true}' && typeof e.parse_error === 'string')).toBe(true);

    // The same log over HTTP; ids are checked before they become file names.
    const list = (await (await fetch(`${url}/api/sessions`)).json()) as { sessions: { id: string }[] };
    expect(list.sessions.map((s) => s.id)).toContain(first.session_id);
    const one = (await (await fetch(`${url}/api/sessions/${first.session_id}`)).json()) as { entries: unknown[] };
    expect(one.entries).toHaveLength(entries.length);
    const turnOnly = (await (await fetch(`${url}/api/sessions/${first.session_id}?turn=${second.turn_id}`)).json()) as { entries: { turn_id: string; type: string }[] };
    expect(new Set(turnOnly.entries.map((e) => e.turn_id))).toEqual(new Set([second.turn_id]));
    expect(turnOnly.entries.map((e) => e.type)).toEqual(expect.arrayContaining(['turn_start', 'model_call', 'turn_end']));
    expect((await fetch(`${url}/api/sessions/..%2F..%2Fetc%2Fpasswd`)).status).toBe(400);
    expect((await fetch(`${url}/api/sessions/no-such-session`)).status).toBe(404);
    expect((await fetch(`${url}/api/sessions?limit=-3`)).status).toBe(400);

    // The dashboard and its chart library.
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="/app.js">');
    expect((await fetch(`${url}/vendor/uplot/uPlot.esm.js`)).status).toBe(200);

    // Stopping ends open event streams instead of waiting for their clients.
    const watching = await fetch(`${url}/events`);
    const ended = readEvents(watching, () => false).catch((err: Error) => err.message);
    await robot!.daemon.stop();
    expect(await ended).toMatch(/^stream ended after status/);
  });

  it('asks for the bearer token on every data route when one is set', async () => {
    const token = 'a-secret-token-of-some-length';
    const { url } = await start({ http: { token } });
    const auth = { authorization: `Bearer ${token}` };
    for (const route of ['/health', '/health/ready', '/metrics', '/api/sessions', '/events']) {
      const response = await fetch(`${url}${route}`);
      expect(response.status, route).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await fetch(`${url}/health`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    expect((await fetch(`${url}/health`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${url}/metrics`, { headers: auth })).status).toBe(200);
    // The browser's EventSource cannot send a header: the token may come in the query.
    const stream = await fetch(`${url}/events?token=${token}`);
    expect(stream.status).toBe(200);
    await stream.body!.cancel();
    // Liveness and the dashboard's own files hold no data.
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/`)).status).toBe(200);
  });

  it('refuses to start when its port is taken', async () => {
    const { url } = await start();
    const port = Number(new URL(url).port);
    const config = testConfig({ http: { enabled: true, port }, chroma: sharedChroma() });
    await expect(startDaemon({ config, log: silentLogger, mqtt: true })).rejects.toThrow(/EADDRINUSE|address already in use/);
  });
});
