import { createServer, type AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { MqttBus, startEmbeddedBroker } from '../../src/bus/index.js';
import { Health } from '../../src/health/index.js';
import { silentLogger } from '../../src/log/index.js';
import { tempDir } from '../helpers/config.js';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

/** A port nothing answers on: the bus cannot have reached the broker through it. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `mqtt://127.0.0.1:${port}`;
}

function bus(url: string, link: (() => ReturnType<Awaited<ReturnType<typeof startEmbeddedBroker>>['link']>) | null) {
  return new MqttBus({
    url,
    link,
    prefix: 'nadine/',
    clientId: 'broker-link-test',
    limits: { maxPayloadBytes: 65_536, maxTextChars: 2_000 },
    connectTimeoutMs: 5_000,
    reconnect: { initialMs: 50, maxMs: 200 },
    outgoingDir: tempDir('nadine-outgoing-'),
    maxDelayMs: 2_000,
    maxSpeechAgeMs: 10_000,
    log: silentLogger,
    health: new Health(),
  });
}

describe("the daemon's link to its embedded broker", () => {
  it('carries utterances in and speech out without a socket of its own, and comes back after the broker drops it', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    closers.push(() => broker.close());
    let links = 0;
    const b = bus(await deadUrl(), () => (links++, broker.link()));
    const heard: string[] = [];
    b.on('user_speech', (speech) => void heard.push(speech.text));
    await b.start();
    closers.push(() => b.stop());
    expect(b.connected).toBe(true);

    // A robot process on the network side, over TCP.
    const robot = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    closers.push(() => robot.endAsync());
    await robot.subscribeAsync('nadine/agent/control/speak', { qos: 1 });
    const spoken = new Promise<string>((resolve) => robot.once('message', (_t, payload) => resolve(payload.toString())));
    await robot.publishAsync('nadine/agent/user_speech', 'Hello there', { qos: 1 });
    await expect.poll(() => heard).toEqual(['Hello there']);
    expect(await b.publish('speak', 'Hello, welcome!')).toBe(true);
    expect(await spoken).toBe('Hello, welcome!');

    // The broker ends the link (a second client with the daemon's id takes its session over): the
    // bus links again, and still hears.
    const usurper = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, clientId: 'broker-link-test', clean: false });
    await usurper.endAsync();
    await expect.poll(() => links >= 2 && b.connected, { timeout: 10_000 }).toBe(true);
    await robot.publishAsync('nadine/agent/user_speech', 'Still there?', { qos: 1 });
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual(['Hello there', 'Still there?']);
  }, 30_000);
});
