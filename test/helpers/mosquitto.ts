import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's mosquitto, started for real on a free port (CI installs the package). */
export const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => spawnSync(p, ['-h']).error === undefined) ?? null;

export interface Mosquitto {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  restart(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startMosquitto(): Promise<Mosquitto> {
  if (!MOSQUITTO) throw new Error('mosquitto is not installed (apt-get install -y mosquitto)');
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
    child = null;
  };
  await start();
  return { url: `mqtt://127.0.0.1:${port}`, port, stop, restart: start };
}
