import { pino, type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger } from 'pino';

export interface LoggerOptions {
  level: Level | 'silent';
  /** Where JSON lines go; stdout by default. */
  destination?: DestinationStream | string;
}

/** The daemon's root logger: JSON lines, one object per event, ISO timestamps. */
export function createLogger(options: LoggerOptions): Logger {
  const destination =
    typeof options.destination === 'string'
      ? pino.destination({ dest: options.destination, mkdir: true, sync: false })
      : (options.destination ?? pino.destination({ fd: 1, sync: false }));
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** A logger that drops everything: for tests and tools that must stay quiet. */
export const silentLogger: Logger = pino({ level: 'silent' });

/** Shortens untrusted text for a log line, so a 1 MB payload never becomes a 1 MB log line. */
export function preview(value: string | Uint8Array, max = 160): string {
  const text = typeof value === 'string' ? value : Buffer.from(value).toString('utf8');
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '\uFFFD');
  return clean.length > max ? `${clean.slice(0, max)}… (${clean.length} chars)` : clean;
}

export { oneLineZodError } from './zod-error.js';
