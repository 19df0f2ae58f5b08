import { execFileSync } from 'node:child_process';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/bus/index.js';
import { ConfigSchema } from '../../src/config/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { tempDir, testConfig } from '../helpers/config.js';

const credentials = { username: 'robot', password: 's3cret-enough' };
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function broker(options: Partial<Parameters<typeof startEmbeddedBroker>[0]> = {}): Promise<EmbeddedBroker> {
  const b = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger, ...options });
  closers.push(() => b.close());
  return b;
}

/** A self-signed certificate for 127.0.0.1 (openssl, as an operator would make one). */
function selfSigned(): { key: string; cert: string } {
  const dir = tempDir('nadine-tls-');
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { key, cert };
}

describe('the embedded broker, safely', () => {
  it('refuses to listen beyond loopback without credentials, with a clear config error', () => {
    const open = ConfigSchema.safeParse({ broker: { host: '0.0.0.0' } });
    expect(open.success).toBe(false);
    expect(z.prettifyError(open.error!)).toMatch(/beyond this machine, without credentials: set broker\.username and broker\.password[\s\S]*at broker\.host/);
    expect(ConfigSchema.safeParse({ broker: { host: '0.0.0.0', ...credentials } }).success).toBe(true);
    expect(ConfigSchema.safeParse({ broker: { host: '::1' } }).success).toBe(true);
    expect(ConfigSchema.safeParse({ broker: { username: 'robot' } }).success).toBe(false); // a password too
  });

  it('with credentials, refuses a client without them or with a wrong password, and lets one with them in', async () => {
    const b = await broker({ credentials });
    await expect(mqtt.connectAsync(b.url, { reconnectPeriod: 0 })).rejects.toThrow(/not authorized|bad user ?name or password/i);
    await expect(mqtt.connectAsync(b.url, { reconnectPeriod: 0, username: 'robot', password: 'guess' })).rejects.toThrow(/not authorized|bad user ?name or password/i);
    const client = await mqtt.connectAsync(b.url, { reconnectPeriod: 0, ...credentials });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('speaks TLS with a key and certificate: a client that trusts the certificate connects', async () => {
    const tls = selfSigned();
    const b = await broker({ credentials, tls });
    expect(b.url).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
    const client = await mqtt.connectAsync(b.url, { reconnectPeriod: 0, ...credentials, ca: (await import('node:fs')).readFileSync(tls.cert) });
    await client.subscribeAsync('t', { qos: 1 });
    const received = new Promise<string>((resolve) => client.once('message', (_t, payload) => resolve(payload.toString())));
    await client.publishAsync('t', 'over TLS', { qos: 1 });
    expect(await received).toBe('over TLS');
    await client.endAsync();
  });

  it('the daemon logs in to its own broker with the broker credentials', async () => {
    const tls = selfSigned();
    const daemon = await startDaemon({ config: testConfig({ broker: { ...credentials, tls } }), log: silentLogger, mqtt: true });
    closers.push(() => daemon.stop());
    expect(daemon.bus!.connected).toBe(true);
    expect(daemon.health.get('mqtt')?.status).toBe('ok');
  });
});
