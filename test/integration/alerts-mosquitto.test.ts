import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from '../helpers/config.js';
import { MOSQUITTO, startMosquitto } from '../helpers/mosquitto.js';
import { Probe } from '../helpers/mqtt.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

const noMosquitto = !MOSQUITTO && !process.env.CI;
const P = 'nadine/';
const ALERT = `${P}agent/state/alert`;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe.skipIf(noMosquitto)('an alert across a broker outage (mosquitto behind a TCP proxy)', () => {
  it('is raised while the link is down and arrives once it is back, exactly once; staff acknowledge it over MQTT', async () => {
    const mosquitto = await startMosquitto();
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: mosquitto.port });
    const staff = await Probe.connect(mosquitto.url, `${P}#`);
    cleanup.push(() => mosquitto.stop(), () => proxy.close(), () => staff.close());
    const config = testConfig({ mqtt: { url: proxy.url, reconnect: { initialMs: 100, maxMs: 500 } }, speech: { waitForEndSpeak: false } });
    const daemon = await startDaemon({ config, log: silentLogger, mqtt: true });
    cleanup.push(() => daemon.stop());

    // The link drops; the visitor's words reach the daemon another way (the console's path), and
    // the alert is queued durably while nothing gets through.
    proxy.cut();
    const raised = new Promise<string>((resolve) => daemon.alerts!.once('alert', (a) => resolve(a.alert_id)));
    await daemon.dialogue.turns.submit({ text: 'Call an ambulance, my colleague collapsed!' });
    const alertId = await raised;
    expect(staff.messages.filter((m) => m.topic === ALERT)).toEqual([]);
    proxy.restore();

    const arrived = JSON.parse((await staff.next(ALERT, () => true, 30_000)).text);
    expect(arrived).toMatchObject({ alert_id: alertId, kind: 'emergency', severity: 'critical' });
    await daemon.bus!.delivered();

    // Staff acknowledge on the admin topic: the robot tells the visitor, once, even if the
    // acknowledgement is heard twice.
    const ack = JSON.stringify({ alert_id: alertId, by: 'Sam at the desk' });
    await staff.publish(`${P}agent/admin/alert_ack`, ack);
    await staff.publish(`${P}agent/admin/alert_ack`, ack);
    await staff.next(`${P}agent/control/speak`, (m) => m.text.startsWith('Someone from the staff is on their way'), 30_000);
    await daemon.dialogue.turns.drain();
    expect(staff.messages.filter((m) => m.topic === ALERT).map((m) => JSON.parse(m.text).alert_id)).toEqual([alertId]);
    expect(daemon.alerts!.list()[0]).toMatchObject({ alert_id: alertId, acknowledged_by: 'Sam at the desk' });
    const comings = staff.messages.filter((m) => m.topic === `${P}agent/control/speak` && m.text.startsWith('Someone from the staff'));
    expect(comings).toHaveLength(1);
  }, 120_000);
});
