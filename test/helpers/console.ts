import { PassThrough } from 'node:stream';
import { runConsole } from '../../src/console/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from './config.js';

/** A daemon without MQTT, its developer console fed these lines (utterances and commands): everything the console printed. */
export async function consoleSession(lines: readonly string[]): Promise<string> {
  const daemon = await startDaemon({ config: testConfig(), log: silentLogger, mqtt: false });
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => (text += d));
  const done = runConsole({ daemon, input, output, interactive: false });
  input.end(lines.join('\n'));
  await done;
  await daemon.stop();
  return text;
}
