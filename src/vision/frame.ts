import { watch, type FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'unknown';

function imageKind(bytes: Uint8Array): ImageKind {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP') return 'webp';
  return 'unknown';
}

const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * Whether an image file is whole: a JPEG ends with its end-of-image marker, a PNG with its IEND
 * chunk, a WebP's RIFF header gives its length. Perception writes the frame in place, so a file
 * may be seen half-written; other formats are taken whole once their size stops changing.
 */
function imageComplete(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (imageKind(b)) {
    case 'jpeg': {
      // Some encoders pad with zero bytes after the end-of-image marker.
      let end = b.length;
      while (end > 4 && b[end - 1] === 0) end--;
      return end >= 4 && b[end - 2] === 0xff && b[end - 1] === 0xd9;
    }
    case 'png':
      return b.length >= 20 && b.subarray(b.length - 8).equals(PNG_END);
    case 'webp':
      return b.length >= 12 && b.readUInt32LE(4) + 8 <= b.length;
    default:
      return b.length > 0;
  }
}

export interface WaitOptions {
  timeoutMs: number;
  pollMs: number;
  /** The size must stay the same this long before the file is read. */
  stableMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

export type WaitResult =
  | { status: 'ready'; image: Buffer; ms: number }
  | { status: 'timeout'; ms: number; detail: string }
  | { status: 'invalid'; ms: number; detail: string }
  | { status: 'aborted'; ms: number };

/**
 * Waits for `file` to appear and be complete: file system events on its folder, and polling
 * (events are not delivered on every file system, e.g. some network and container mounts).
 * Bounded by `timeoutMs`; an abort (barge-in) ends the wait at once.
 */
export function waitForFrame(file: string, options: WaitOptions): Promise<WaitResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    let done = false;
    let checking = false;
    let again = false;
    let seen: { size: number; since: number } | null = null;
    let watcher: FSWatcher | null = null;
    const finish = (result: WaitResult) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(timer);
      watcher?.close();
      options.signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const check = async (): Promise<void> => {
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        const info = await stat(file).catch(() => null);
        if (!info || !info.isFile() || info.size === 0) return;
        if (info.size > options.maxBytes) return finish({ status: 'invalid', ms: elapsed(), detail: `the frame is larger than ${options.maxBytes} bytes` });
        const now = performance.now();
        if (!seen || seen.size !== info.size) seen = { size: info.size, since: now };
        if (now - seen.since < options.stableMs) return;
        const image = await readFile(file).catch(() => null);
        if (image && image.length === info.size && imageComplete(image)) finish({ status: 'ready', image, ms: elapsed() });
      } finally {
        checking = false;
        if (again && !done) {
          again = false;
          void check();
        }
      }
    };
    const onAbort = () => finish({ status: 'aborted', ms: elapsed() });
    const timer = setTimeout(
      () => finish({ status: 'timeout', ms: elapsed(), detail: seen ? 'the frame was still incomplete at the time-out' : 'no frame arrived' }),
      options.timeoutMs,
    );
    const poll = setInterval(() => void check(), options.pollMs);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      watcher = watch(path.dirname(file), { persistent: false }, (_event, name) => {
        if (name === null || name === path.basename(file)) void check();
      });
      watcher.on('error', () => watcher?.close());
    } catch {
      watcher = null; // polling alone
    }
    void check();
  });
}
