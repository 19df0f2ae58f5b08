import { it } from 'vitest';
import { startDaemon } from './src/daemon.js';
import { createLogger } from './src/log/index.js';
import { testConfig } from './test/helpers/config.js';
import { startMosquitto } from './test/helpers/mosquitto.js';
it('stops', async () => {
  const broker = await startMosquitto();
  const log = createLogger({ level: 'debug', destination: '/tmp/dbg.log' });
  const daemon = await startDaemon({ config: testConfig({ mqtt: { url: broker.url }, log: { level: 'debug' } }), log, mqtt: true });
  await new Promise((r) => setTimeout(r, 3000));
  const t = Date.now();
  await daemon.stop();
  console.log('stop took', Date.now() - t);
  await broker.stop();
}, 120_000);
