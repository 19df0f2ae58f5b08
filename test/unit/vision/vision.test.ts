import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { RawImage } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log/index.js';
import { cleanupFrames, framesDir, PerceptionCamera, waitForFrame } from '../../../src/vision/index.js';
import { tempDir, testConfig } from '../../helpers/config.js';
import { RecordingPerception, turnPorts } from '../../helpers/ports.js';
import { fixtureImage } from '../../helpers/scenes.js';

const JPEG = fixtureImage('scene_20260315_143000');
const WAIT = { timeoutMs: 5_000, pollMs: 20, stableMs: 30, maxBytes: 1024 * 1024 };

describe('a frame is read only once it is complete', () => {
  it('knows whole JPEG, PNG and WebP files from cut ones', async () => {
    const dir = tempDir();
    // What waitForFrame makes of these bytes, left alone in a file: a whole image is ready, a cut one never is.
    const outcome = async (name: string, bytes: Uint8Array) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      const result = await waitForFrame(file, { ...WAIT, timeoutMs: 300 });
      return result.status === 'ready' ? (Buffer.from(result.image).equals(Buffer.from(bytes)) ? 'whole' : 'other bytes') : result.status;
    };
    expect(await outcome('a.jpg', JPEG)).toBe('whole');
    expect(await outcome('b.jpg', JPEG.subarray(0, JPEG.length - 100))).toBe('timeout');
    expect(await outcome('c.jpg', Buffer.concat([JPEG, Buffer.alloc(16)]))).toBe('whole'); // zero padding after the end marker
    const pngFile = path.join(dir, 'frame.png');
    await RawImage.fromBlob(new Blob([JPEG])).then((img) => img.save(pngFile));
    const png = readFileSync(pngFile);
    expect(await outcome('d.png', png)).toBe('whole');
    expect(await outcome('e.png', png.subarray(0, png.length - 4))).toBe('timeout');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(12)]);
    expect(await outcome('f.webp', webp)).toBe('whole');
    expect(await outcome('g.webp', webp.subarray(0, 20))).toBe('timeout');
    // Bytes of no known kind are taken whole once their size stops changing (which is also what tells the cut ones above: read as unknown, they would pass).
    expect(await outcome('h.jpg', Buffer.from('not an image at all'))).toBe('whole');
  });

  it('waits for a frame written in two parts, and gives the whole image', async () => {
    const file = path.join(tempDir(), 'frame.jpg');
    const half = Math.floor(JPEG.length / 2);
    writeFileSync(file, JPEG.subarray(0, half));
    // The first part alone, however long it stays: never taken for a frame.
    expect(await waitForFrame(file, { ...WAIT, timeoutMs: 300 })).toMatchObject({ status: 'timeout', detail: 'the frame was still incomplete at the time-out' });
    const waiting = waitForFrame(file, WAIT);
    appendFileSync(file, JPEG.subarray(half));
    const result = await waiting;
    expect(result.status).toBe('ready');
    expect(result.status === 'ready' && result.image.equals(JPEG)).toBe(true);
  });

  it('gives up at the time-out, saying whether anything arrived', async () => {
    const dir = tempDir();
    expect(await waitForFrame(path.join(dir, 'never.jpg'), { ...WAIT, timeoutMs: 300 })).toMatchObject({ status: 'timeout', detail: 'no frame arrived' });
    const half = path.join(dir, 'half.jpg');
    writeFileSync(half, JPEG.subarray(0, 500));
    expect(await waitForFrame(half, { ...WAIT, timeoutMs: 300 })).toMatchObject({ status: 'timeout', detail: 'the frame was still incomplete at the time-out' });
  });

  it('stops waiting when the turn is cancelled, and refuses a frame that is too large', async () => {
    const controller = new AbortController();
    const waiting = waitForFrame(path.join(tempDir(), 'x.jpg'), { ...WAIT, signal: controller.signal });
    controller.abort();
    expect((await waiting).status).toBe('aborted');
    const big = path.join(tempDir(), 'big.jpg');
    writeFileSync(big, JPEG);
    expect(await waitForFrame(big, { ...WAIT, maxBytes: 100 })).toMatchObject({ status: 'invalid' });
  });

  it('keeps only the newest frames', async () => {
    const dir = tempDir();
    for (let i = 0; i < 6; i++) {
      const f = path.join(dir, `f${i}.jpg`);
      writeFileSync(f, JPEG);
      utimesSync(f, new Date(1_000_000 + i * 1000), new Date(1_000_000 + i * 1000));
    }
    expect(await cleanupFrames(dir, 2)).toBe(4);
    expect(readdirSync(dir).sort()).toEqual(['f4.jpg', 'f5.jpg']);
    expect(await cleanupFrames(path.join(dir, 'missing'), 2)).toBe(0);
  });
});

describe('the camera through perception', () => {
  it('asks perception for an absolute file named after the turn, and reads it when written', async () => {
    const config = testConfig({ paths: { data: path.relative(process.cwd(), tempDir()) } });
    const perception = new RecordingPerception();
    const camera = new PerceptionCamera(perception, framesDir(config), { ...config.vision, pollMs: 20, stableMs: 20 });
    const capturing = camera.capture('turn-1', { signal: new AbortController().signal, log: silentLogger });
    await expect.poll(() => perception.captures.length).toBe(1);
    const file = perception.captures[0]!;
    expect(path.isAbsolute(file)).toBe(true);
    expect(file).toBe(path.resolve(config.paths.data, 'vision', 'frames', 'turn-1.jpg'));
    writeFileSync(file, JPEG);
    expect(await capturing).toMatchObject({ status: 'captured', file, image: JPEG });
  });

  it('does not wait when no perception process can be asked', async () => {
    const camera = new PerceptionCamera(new RecordingPerception(false), tempDir(), testConfig().vision);
    expect(await camera.capture('t', { signal: new AbortController().signal, log: silentLogger })).toMatchObject({ status: 'no_perception', file: null });
  });
});
