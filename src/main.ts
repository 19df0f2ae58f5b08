#!/usr/bin/env node
/**
 * nadine-brain: the dialogue daemon.
 *
 *   node dist/src/main.js [--config FILE] [--no-mqtt] [--log-level LEVEL]
 *
 * With --no-mqtt it runs the same brain as a console on stdin/stdout (npm run chat).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppliedAlias, type Config } from './config/index.js';
import type { Daemon } from './daemon.js';
import { createLogger, type Logger } from './log/index.js';

const EX_USAGE = 64;
const EX_CONFIG = 78;

const USAGE = `usage: nadine-brain [--config FILE] [--no-mqtt] [--log-level LEVEL]

  --config FILE      YAML or JSON configuration (default: $NADINE_CONFIG, else ./nadine.config.yaml if present)
  --no-mqtt          no broker, no bus: talk to the brain on this terminal
  --log-level LEVEL  trace, debug, info, warn, error, fatal or silent (overrides log.level)

Every setting can also be set with an environment variable, e.g. NADINE_MQTT__URL=mqtt://10.0.0.2:1883.`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        config: { type: 'string' },
        'no-mqtt': { type: 'boolean', default: false },
        'log-level': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return EX_USAGE;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  let config: Config;
  let envAliases: AppliedAlias[];
  let deprecations: string[];
  try {
    const env = { ...process.env, ...(args['log-level'] && { NADINE_LOG__LEVEL: args['log-level'] }) };
    ({ config, envAliases, deprecations } = loadConfig({ file: args.config ?? null, env }));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`nadine-brain: refusing to start, ${err.message}\n`);
    return EX_CONFIG;
  }

  const chat = args['no-mqtt'];
  // In the console, logs go to a file so that the conversation stays readable.
  const logFile = path.join(config.paths.data, 'logs', 'chat.log');
  const log = createLogger({ level: config.log.level, ...(chat && { destination: logFile }) });
  installCrashGuards(log);
  for (const a of envAliases) log.info({ env: a.name, setting: a.setting, value: a.value }, `${a.name} is read as ${a.setting} = ${a.value}`);
  for (const warning of deprecations) log.warn(warning);

  let daemon: Daemon;
  try {
    // Imported only now: the brain's modules take seconds of CPU to load, which a usage or
    // configuration error need not wait for.
    const { startDaemon } = await import('./daemon.js');
    daemon = await startDaemon({ config, log, mqtt: !chat });
  } catch (err) {
    log.fatal({ err: (err as Error).message }, 'cannot start');
    process.stderr.write(`nadine-brain: cannot start: ${(err as Error).message}\n`);
    return 1;
  }

  if (chat) {
    if (process.stdin.isTTY) process.stdout.write(`(logs: ${logFile})\n`);
    const { runConsole } = await import('./console/index.js');
    await runConsole({ daemon, input: process.stdin, output: process.stdout, interactive: Boolean(process.stdin.isTTY) });
    await daemon.stop();
    return 0;
  }

  await new Promise<void>((resolve) => {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      if (++signals > 1) process.exit(130); // a second Ctrl-C means now
      log.info({ signal }, 'shutting down');
      void daemon.stop().finally(resolve);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  return 0;
}

/**
 * A stray promise rejection is logged, not fatal: the daemon must keep answering. An uncaught
 * exception leaves the process in an unknown state, so it exits and the supervisor restarts it.
 */
function installCrashGuards(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason instanceof Error ? reason.message : String(reason), stack: (reason as Error)?.stack }, 'unhandled rejection');
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err: err.message, stack: err.stack }, 'uncaught exception; exiting');
    log.flush?.();
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    process.stderr.write(`nadine-brain: ${err.stack ?? err.message}\n`);
    process.exitCode = 1;
  },
);
