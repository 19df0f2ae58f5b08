import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Logger } from '../log/index.js';
import { waitForFrame } from './frame.js';
import type { CameraPort, CaptureRequester, CaptureResult } from './port.js';

/** Where frames asked of perception are written: absolute, since perception is another process with another working directory. */
export const framesDir = (config: Pick<Config, 'paths'>) => path.resolve(config.paths.data, 'vision', 'frames');

/** Keeps the newest `keep` frames in `dir` (by modification time) and deletes the others: they are pictures of people. */
export async function cleanupFrames(dir: string, keep: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const frames = await Promise.all(
    names.map(async (name) => ({ name, mtimeMs: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })),
  );
  const old = frames.sort((a, b) => b.mtimeMs - a.mtimeMs).slice(keep);
  await Promise.all(old.map((f) => rm(path.join(dir, f.name), { force: true })));
  return old.length;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The camera through the perception process: publishes perception/capture_current_view with a
 * fresh file path, waits (bounded) for perception to write the frame there, and keeps only the
 * newest few frames.
 */
export class PerceptionCamera implements CameraPort {
  constructor(
    private readonly perception: CaptureRequester,
    private readonly dir: string,
    private readonly settings: Config['vision'],
  ) {}

  async capture(turnId: string, context: { signal: AbortSignal; log: Logger }): Promise<CaptureResult> {
    const id = SAFE_ID.test(turnId) ? turnId : turnId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 128);
    const file = path.join(this.dir, `${id}.jpg`);
    await mkdir(this.dir, { recursive: true });
    const started = performance.now();
    if (!this.perception.requestCapture(file)) {
      return { status: 'no_perception', file: null, ms: performance.now() - started, detail: 'no perception process can be asked (no MQTT connection)' };
    }
    context.log.debug({ file }, 'vision: frame requested');
    const { captureTimeoutMs: timeoutMs, pollMs, stableMs, maxImageBytes: maxBytes } = this.settings;
    const waited = await waitForFrame(file, { timeoutMs, pollMs, stableMs, maxBytes, signal: context.signal });
    // Frames are pictures of people: the old ones are gone by the end of the turn (a frame that
    // comes late goes with a later clean-up). A millisecond, next to waiting for the camera.
    await cleanupFrames(this.dir, this.settings.keepFrames).catch((err: Error) => context.log.warn({ err: err.message }, 'vision: frame clean-up failed'));
    switch (waited.status) {
      case 'ready':
        return { status: 'captured', file, image: waited.image, ms: waited.ms };
      case 'aborted':
        throw new Error('vision: cancelled while waiting for the frame');
      case 'timeout':
        return { status: 'timeout', file, ms: waited.ms, detail: `${waited.detail} within ${timeoutMs} ms` };
      case 'invalid':
        return { status: 'invalid', file, ms: waited.ms, detail: waited.detail };
    }
  }
}
