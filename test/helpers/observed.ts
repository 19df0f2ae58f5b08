import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import type { ConfigInput } from '../../src/config/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from './config.js';
import { startFakeOllama, type FakeOllama } from './fake-ollama.js';
import { Probe } from './mqtt.js';

const P = 'nadine/';

/** The daemon with a fake language model, its HTTP server on a free port, and an MQTT client that talks to it. */
export class ObservedRobot {
  private constructor(
    readonly daemon: Daemon,
    readonly probe: Probe,
    readonly fake: FakeOllama,
    /** paths.data */
    readonly data: string,
  ) {}

  /** `structured` answers the calls that ask for JSON, `text` the others. */
  static async start(replies: { structured: string; text: string }, overrides: ConfigInput = {}): Promise<ObservedRobot> {
    const fake = await startFakeOllama({ reply: (body) => (body.format ? replies.structured : replies.text) });
    const config = testConfig({ llm: { enabled: true, url: fake.url }, ...overrides, http: { enabled: true, port: 0, ...overrides.http } });
    const daemon = await startDaemon({ config, log: silentLogger, mqtt: true });
    const probe = await Probe.connect(daemon.broker!.url, `${P}#`);
    return new ObservedRobot(daemon, probe, fake, config.paths.data);
  }

  get url(): string {
    return this.daemon.observer.url!;
  }

  /** Says something over MQTT and returns its turn event. */
  async say(text: string): Promise<TurnEvent> {
    await this.probe.publish(`${P}agent/user_speech`, text);
    const message = await this.probe.next(`${P}agent/state/turn`, (m) => TurnEventSchema.parse(JSON.parse(m.text)).user_text === text);
    return TurnEventSchema.parse(JSON.parse(message.text));
  }

  async stop(): Promise<void> {
    await this.probe.close();
    await this.daemon.stop();
    await this.fake.close();
  }
}
