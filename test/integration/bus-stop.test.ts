import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, describe, expect, it } from 'vitest';
import { MqttBus } from '../../src/bus/index.js';
import { Health } from '../../src/health/index.js';
import { silentLogger } from '../../src/log/index.js';
import { tempDir } from '../helpers/config.js';

describe('stopping the MQTT bus', () => {
  const closers: (() => void)[] = [];
  afterAll(() => closers.forEach((close) => close()));

  it('ends within its grace period when the broker never acknowledges the last messages', async () => {
    // A broker that accepts the connection but leaves every publish unanswered (no PUBACK).
    const aedes = await Aedes.createBroker({ authorizePublish: () => undefined });
    const server = createServer(aedes.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close(), () => aedes.close());
    const bus = new MqttBus({
      url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
      prefix: 'nadine/',
      clientId: 'bus-stop-test',
      limits: { maxPayloadBytes: 65_536, maxTextChars: 2_000 },
      connectTimeoutMs: 5_000,
      reconnect: { initialMs: 100, maxMs: 1_000 },
      outgoingDir: tempDir('nadine-outgoing-'),
      maxDelayMs: 2_000,
      maxSpeechAgeMs: 10_000,
      log: silentLogger,
      health: new Health(),
    });
    await bus.start();
    expect(bus.connected).toBe(true);
    const spoken = bus.publish('speak', 'A reply the broker never acknowledges.');
    // Resolving at all is the point: the grace periods (the "offline" status, then the end) end
    // the stop; a stop that waited for the acknowledgement would run into the test's time-out.
    await bus.stop();
    expect(bus.connected).toBe(false);
    expect(await spoken).toBe(false);
  }, 20_000);
});
