import { PassThrough } from 'node:stream';
import type { Config, ConfigInput } from '../../src/config/index.js';
import { runConsole } from '../../src/console/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from './config.js';

export interface ConsoleRunOptions {
  /** Awaited once the daemon has started, before the first line (a part that starts in the background). */
  ready?: (daemon: Daemon) => Promise<unknown>;
  /** Settings on top of the test configuration. */
  config?: ConfigInput;
}

/**
 * A daemon without MQTT, its developer console fed these lines (utterances and commands): everything
 * the console printed, and the daemon (stopped by then) and its configuration, to look at what it left.
 */
export async function consoleRun(lines: readonly string[], options: ConsoleRunOptions = {}): Promise<{ text: string; daemon: Daemon; config: Config }> {
  const config = testConfig(options.config);
  const daemon = await startDaemon({ config, log: silentLogger, mqtt: false });
  await options.ready?.(daemon);
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => (text += d));
  const done = runConsole({ daemon, input, output, interactive: false });
  input.end(lines.join('\n'));
  await done;
  await daemon.stop();
  return { text, daemon, config };
}

/** Everything the console printed for these lines, on a daemon of the test configuration. */
export async function consoleSession(lines: readonly string[]): Promise<string> {
  return (await consoleRun(lines)).text;
}
