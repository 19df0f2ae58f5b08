import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { MqttBus } from '../../../src/bus/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { BusPerception } from '../../../src/outlets.js';

describe('the perception port over the bus', () => {
  it("tells perception a settled name once the turn waits (the reply's request goes first), and records what it sent", async () => {
    const published: [string, unknown][] = [];
    const bus = { connected: true, publish: async (key: string, payload: unknown) => (published.push([key, payload]), true) } as unknown as MqttBus;
    const sent: [string, unknown][] = [];
    const perception = new BusPerception(bus, silentLogger, (topic, payload) => sent.push([topic, payload]));
    perception.userSettled({ user_id: 'quentin_01', user_name: 'Quentin' });
    // The rest of the turn's agents, up to the reply's request, run in promise callbacks.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(published).toEqual([]);
    await nextTurnOfEventLoop();
    expect(published).toEqual([['user_info', { user_id: 'quentin_01', user_name: 'Quentin' }]]);
    expect(sent).toEqual([['user_info', { user_id: 'quentin_01', user_name: 'Quentin' }]]);
  });
});
