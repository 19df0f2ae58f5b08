import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLoopback, type Config } from '../config/index.js';
import type { HealthReport } from '../health/index.js';
import { AlertAckSchema } from '../alerts/index.js';
import type { Logger } from '../log/index.js';
import type { Live, LiveEventName } from './live.js';
import type { Metrics } from './metrics.js';
import type { ObservedAlerts } from './alerts.js';
import { listSessionFiles, readSession, SessionIdSchema } from './sessions.js';
import { oneLineZodError } from '../log/index.js';

export interface HttpServerOptions {
  config: Config['http'];
  log: Logger;
  live: Live;
  metrics: Metrics;
  health(): HealthReport;
  /** What a new SSE client gets first: current health, mood, who is there. */
  snapshot(): [LiveEventName, unknown][];
  sessionsDir: string;
  /** Writes buffered log lines, so that a session read includes the turn that just ended. */
  flushLog(): Promise<void>;
  /** Null when alerts are off. */
  alerts: ObservedAlerts | null;
}

export interface HttpServer {
  readonly url: string;
  close(): Promise<void>;
}

const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
const SessionParams = z.object({ id: SessionIdSchema });
const SessionQuery = z.object({ turn: z.string().max(128).optional() });
const AlertParams = z.object({ id: AlertAckSchema.shape.alert_id });
const AckBody = z.object({ by: AlertAckSchema.shape.by }).prefault({ by: 'dashboard' });

/** The dashboard's files (no build step), found from here both in src/ and in dist/src/. */
function dashboardDir(): string {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'src', 'observe', 'dashboard');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  throw new Error(`dashboard files not found above ${import.meta.dirname}`);
}

/** Health for supervisors, Prometheus metrics, live events, the interaction logs and the dashboard. */
export async function startHttpServer(o: HttpServerOptions): Promise<HttpServer> {
  const { host, port, token } = o.config;
  // The schema refuses this already; a server built another way must not leak either.
  if (!token && !isLoopback(host)) throw new Error(`http.host ${host} is beyond loopback: set http.token`);
  const log = o.log.child({ component: 'http' });
  const app = Fastify({ logger: false, forceCloseConnections: true });

  if (token) app.addHook('onRequest', async (req, reply) => {
    if (!needsToken(req) || authorized(req, token)) return;
    await reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'a bearer token is required (Authorization: Bearer <http.token>)' });
  });
  app.setErrorHandler((error, _req, reply) => {
    const err = error as Error & { statusCode?: number };
    log.error({ err: err.message }, 'http request failed');
    void reply.code(err.statusCode ?? 500).send({ error: err.statusCode && err.statusCode < 500 ? err.message : 'internal error' });
  });

  app.get('/health', async (_req, reply) => {
    const report = o.health();
    return reply.code(report.status === 'down' ? 503 : 200).send(report);
  });
  app.get('/health/live', async () => ({ status: 'ok' }));
  // Ready: every component works, possibly on a fallback; down means it cannot serve a turn well.
  app.get('/health/ready', async (_req, reply) => {
    const { status } = o.health();
    return reply.code(status === 'down' ? 503 : 200).send({ status });
  });
  app.get('/metrics', async (_req, reply) => reply.type(o.metrics.registry.contentType).send(await o.metrics.registry.metrics()));
  app.get('/events', (req, reply) => {
    reply.hijack();
    if (!o.live.attach(reply.raw, o.snapshot())) {
      reply.raw.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'too many event streams' }));
    }
    req.raw.socket.setTimeout(0);
  });
  app.get('/api/sessions', async (req, reply) => {
    const query = ListQuery.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ error: oneLineZodError(query.error) });
    await o.flushLog();
    const files = await listSessionFiles(o.sessionsDir);
    return { sessions: files.slice(0, query.data.limit).map(({ file: _file, ...rest }) => rest) };
  });
  app.get('/api/sessions/:id', async (req, reply) => {
    const params = SessionParams.safeParse(req.params);
    const query = SessionQuery.safeParse(req.query);
    if (!params.success) return reply.code(400).send({ error: oneLineZodError(params.error) });
    if (!query.success) return reply.code(400).send({ error: oneLineZodError(query.error) });
    await o.flushLog();
    const session = await readSession(o.sessionsDir, params.data.id);
    if (!session) return reply.code(404).send({ error: `no session ${params.data.id}` });
    // One turn's lines: what the dashboard asks for after each turn, rather than the whole session.
    const { turn } = query.data;
    return turn ? { ...session, entries: session.entries.filter((e) => (e as { turn_id?: unknown }).turn_id === turn) } : session;
  });

  app.get('/api/alerts', async (_req, reply) => {
    if (!o.alerts) return reply.code(404).send({ error: 'alerts are off (agents.alerts)' });
    return { alerts: o.alerts.list() };
  });
  app.post('/api/alerts/:id/ack', async (req, reply) => {
    if (!o.alerts) return reply.code(404).send({ error: 'alerts are off (agents.alerts)' });
    const params = AlertParams.safeParse(req.params);
    const body = AckBody.safeParse(req.body ?? {});
    if (!params.success || !body.success) return reply.code(400).send({ error: oneLineZodError((params.error ?? body.error)!) });
    if (!o.alerts.acknowledge({ alert_id: params.data.id, by: body.data.by })) return reply.code(404).send({ error: 'no such alert' });
    log.info({ alert_id: params.data.id, by: body.data.by }, 'alert acknowledged from the dashboard');
    return { ok: true };
  });
  await app.register(fastifyStatic, { root: dashboardDir(), prefix: '/', index: 'index.html' });
  const uplot = path.dirname(createRequire(import.meta.url).resolve('uplot'));
  await app.register(fastifyStatic, { root: uplot, prefix: '/vendor/uplot/', decorateReply: false });
  app.addHook('preClose', async () => o.live.closeAll());

  await app.listen({ host, port });
  const url = addressOf(app, host);
  log.info({ url, token: token ? 'required' : 'none' }, 'http server listening');
  return { url, close: () => app.close() };
}

// The dashboard's own files hold no data; everything else does.
const needsToken = (req: FastifyRequest) => {
  const p = req.url.split('?')[0]!;
  return p !== '/health/live' && (p.startsWith('/health') || p === '/metrics' || p === '/events' || p.startsWith('/api/'));
};

/** A header for programs; a query parameter for the browser's EventSource, which cannot send one. */
function authorized(req: FastifyRequest, token: string): boolean {
  const header = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  const given = header ?? (typeof query === 'string' ? query : '');
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function addressOf(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
