import { connect, createServer, type AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import mqtt from 'mqtt';
import mqttPacket from 'mqtt-packet';
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

type Broker = Awaited<ReturnType<typeof startEmbeddedBroker>>;

/** As the daemon wires it (src/daemon-steps.ts): its link, and the in-process route both ways. */
function bus(url: string, link: (() => ReturnType<Broker['link']>) | null, broker: Broker) {
  return new MqttBus({
    url,
    link,
    publishInProcess: (message, done) => broker.publish(message, done),
    subscribeInProcess: (topics, deliver) => broker.subscribe(topics, deliver),
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
    const b = bus(await deadUrl(), () => (links++, broker.link()), broker);
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

  it('hears a robot and speaks to it in the process: at QoS 1, while its client link is down, not once stopped', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    closers.push(() => broker.close());
    // The client's link works once: once the broker drops it, it leads nowhere (the client waits
    // for a CONNACK that never comes).
    let linked = false;
    const nowhere = () => new Duplex({ read() {}, write: (_chunk, _encoding, done) => done() });
    const b = bus(await deadUrl(), () => (linked ? nowhere() : ((linked = true), broker.link())), broker);
    const heard: string[] = [];
    b.on('user_speech', (speech) => void heard.push(speech.text));
    await b.start();
    let stopped = false;
    closers.push(() => (stopped ? Promise.resolve() : b.stop()));

    const robot = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    closers.push(() => robot.endAsync());
    await robot.subscribeAsync(['nadine/agent/control/speak', 'test/marker'], { qos: 1 });
    const received: { topic: string; text: string; qos: number }[] = [];
    robot.on('message', (topic, payload, packet) => void received.push({ topic, text: payload.toString(), qos: packet.qos }));

    // A sentence keeps its QoS 1 to the robot.
    expect(await b.publish('speak', 'Nice to meet you.')).toBe(true);
    await expect.poll(() => received).toEqual([{ topic: 'nadine/agent/control/speak', text: 'Nice to meet you.', qos: 1 }]);

    // The broker drops the daemon's client for good: the robot is still heard, at once, and answered.
    const usurper = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, clientId: 'broker-link-test', clean: false });
    await usurper.endAsync();
    await expect.poll(() => b.connected).toBe(false);
    await robot.publishAsync('nadine/agent/user_speech', 'Are you there?', { qos: 1 });
    await expect.poll(() => heard).toEqual(['Are you there?']);
    expect(await b.publish('speak', 'Yes, I am here.')).toBe(true);
    await expect.poll(() => received.map((m) => m.text)).toEqual(['Nice to meet you.', 'Yes, I am here.']);

    // Stopped: an utterance the broker routes before a marker the robot gets back reaches no handler.
    await b.stop();
    stopped = true;
    await robot.publishAsync('nadine/agent/user_speech', 'Hello?', { qos: 1 });
    await robot.publishAsync('test/marker', 'after', { qos: 1 });
    await expect.poll(() => received.some((m) => m.topic === 'test/marker')).toBe(true);
    expect(heard).toEqual(['Are you there?']);
  }, 30_000);

  it('forwards QoS 1 and QoS 0 messages handed over back to back to one subscriber of both', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    closers.push(() => broker.close());
    const monitor = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    closers.push(() => monitor.endAsync());
    await monitor.subscribeAsync('nadine/#', { qos: 1 });
    const received: string[] = [];
    monitor.on('message', (topic) => void received.push(topic));
    // aedes forwards to a subscriber only a message numbered above the last one it forwarded
    // there: a QoS 0 message that overtook the QoS 1 one before it would make it lost.
    const sent = ['speak', 'turn', 'animation', 'session', 'speak'].map(
      (name, i) =>
        new Promise<void>((resolve, reject) =>
          broker.publish({ topic: `nadine/${name}`, body: String(i), qos: name === 'turn' || name === 'session' ? 0 : 1, retain: false }, (err) => (err ? reject(err) : resolve())),
        ),
    );
    await Promise.all(sent);
    await expect.poll(() => [...received].sort()).toEqual(['nadine/animation', 'nadine/session', 'nadine/speak', 'nadine/speak', 'nadine/turn']);
  });

  it('goes on routing when what it delivers in the process throws', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    closers.push(() => broker.close());
    const seen: string[] = [];
    const end = await broker.subscribe(['nadine/agent/user_speech'], (_topic, payload) => {
      seen.push(payload.toString());
      throw new Error('a handler bug');
    });
    const robot = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    closers.push(() => robot.endAsync());
    await robot.publishAsync('nadine/agent/user_speech', 'one', { qos: 1 });
    await robot.publishAsync('nadine/agent/user_speech', 'two', { qos: 1 });
    await expect.poll(() => seen).toEqual(['one', 'two']);
    expect(robot.connected).toBe(true);
    // Ended: nothing more is delivered (the robot's next message is routed before its own marker).
    await end();
    await robot.subscribeAsync('test/marker', { qos: 1 });
    const marker = new Promise<void>((resolve) => robot.once('message', () => resolve()));
    await robot.publishAsync('nadine/agent/user_speech', 'three', { qos: 1 });
    await robot.publishAsync('test/marker', 'after', { qos: 1 });
    await marker;
    expect(seen).toEqual(['one', 'two']);
  });

  it("hands a robot's QoS 1 message to the daemon once, a resent duplicate not again, and leaves the rest of the broker's work as it was", async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    closers.push(() => broker.close());
    const seen: string[] = [];
    await broker.subscribe(['nadine/agent/user_speech'], (_topic, payload) => void seen.push(payload.toString()));
    // Another subscriber of the topic (a monitor) still gets it from the broker.
    const monitor = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    closers.push(() => monitor.endAsync());
    await monitor.subscribeAsync('nadine/agent/user_speech', { qos: 1 });
    const monitored: string[] = [];
    monitor.on('message', (_topic, payload) => void monitored.push(payload.toString()));

    // A robot's speech-to-text, written packet by packet: its message ids and duplicates are the test's.
    const socket = connect(broker.port, '127.0.0.1');
    closers.push(async () => void socket.destroy());
    const acks: number[] = [];
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet) => packet.cmd === 'puback' && acks.push(packet.messageId!));
    socket.on('data', (data) => parser.parse(data));
    const send = (packet: mqttPacket.Packet) => socket.write(mqttPacket.generate(packet));
    send({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, clientId: 'robot-stt', keepalive: 0 });
    const publish = (payload: string, qos: 0 | 1, dup = false) =>
      send({ cmd: 'publish', topic: 'nadine/agent/user_speech', payload: Buffer.from(payload), qos, dup, retain: false, ...(qos && { messageId: 7 }) });
    publish('Hello', 1);
    // Its PUBACK lost on the way: sent again, marked as a duplicate.
    publish('Hello', 1, true);
    // The id used again for a new message, once acknowledged.
    publish('Again', 1);
    publish('Zero', 0);
    // Empty messages (start_speak, end_speak) go the broker's way, each one.
    publish('', 1);
    publish('', 0);
    await expect.poll(() => seen).toEqual(['Hello', 'Again', 'Zero', '', '']);
    await expect.poll(() => acks).toEqual([7, 7, 7, 7]);
    // The broker's routing to it is unchanged: the duplicate too, and a QoS 1 message after its PUBACK.
    await expect.poll(() => [...monitored].sort()).toEqual(['', '', 'Again', 'Hello', 'Hello', 'Zero']);

    // Nobody publishes under $SYS/: the broker still refuses it, and closes the connection.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    send({ cmd: 'publish', topic: '$SYS/broker/fake', payload: Buffer.from('x'), qos: 1, messageId: 8, dup: false, retain: false });
    await closed;
    expect(seen).toEqual(['Hello', 'Again', 'Zero', '', '']);
  });
});
