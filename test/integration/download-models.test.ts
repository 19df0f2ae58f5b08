import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadModel, type ModelSpec } from '../../src/models/download.js';
import { tempDir } from '../helpers/config.js';
import { runTsx } from '../helpers/daemon-process.js';
import { startHttpServer, type TestHttpServer } from '../helpers/http.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const WEIGHTS = randomBytes(300_000);
const CONFIG = Buffer.from('{"hidden_size": 384}\n');
const TEXT_MODEL = randomBytes(50_000);

/** Files served by the stand-in hub, by URL path; the weights go through a redirect, as on the hub. */
const served = new Map<string, Buffer | 'truncate'>([
  ['/Test/model/resolve/main/config.json', CONFIG],
  ['/cdn/weights', WEIGHTS],
  ['/Test/model/resolve/main/broken.bin', 'truncate'],
  ['/Xenova/all-MiniLM-L6-v2/resolve/main/config.json', Buffer.from('{"not": "the real config"}')],
  ['/Xenova/clip-vit-base-patch32/resolve/main/onnx/text_model.onnx', TEXT_MODEL],
]);

let server: TestHttpServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/Test/model/resolve/main/onnx/model.onnx') {
      res.writeHead(302, { location: '/cdn/weights' });
      return res.end();
    }
    const body = served.get(url);
    if (!body) {
      res.writeHead(404);
      return res.end('not found');
    }
    if (body === 'truncate') {
      res.writeHead(200, { 'content-length': '1000' });
      res.write(Buffer.alloc(100));
      return void setTimeout(() => res.destroy(), 20);
    }
    res.writeHead(200, { 'content-length': String(body.length) });
    res.end(body);
  });
  baseUrl = server.url;
});
afterAll(() => server.close());

const spec = (files: ModelSpec['files']): ModelSpec => ({ repo: 'Test/model', folder: 'test-model', revision: 'main', files });
const leftovers = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => f.includes('.download-')) : []);

describe('model download', () => {
  it('downloads, verifies listed checksums or announced sizes, and skips verified files next time', async () => {
    const modelsDir = tempDir('nadine-models-');
    const files = [
      { path: 'config.json', sha256: sha256(CONFIG) },
      { path: 'onnx/model.onnx', bytes: WEIGHTS.length, sha256: sha256(WEIGHTS) },
    ];
    const first = await downloadModel(spec(files), { baseUrl, modelsDir });
    expect(first.map((r) => [r.path, r.status, r.verifiedChecksum])).toEqual([
      ['config.json', 'downloaded', true],
      ['onnx/model.onnx', 'downloaded', true],
    ]);
    expect(readFileSync(path.join(modelsDir, 'test-model/onnx/model.onnx')).equals(WEIGHTS)).toBe(true);
    const again = await downloadModel(spec(files), { baseUrl, modelsDir });
    expect(again.map((r) => r.status)).toEqual(['present', 'present']);

    // Without a listed checksum, the size the server announces is what is checked.
    const [unlisted] = await downloadModel(spec([{ path: 'onnx/model.onnx' }]), { baseUrl, modelsDir, force: true });
    expect(unlisted).toMatchObject({ status: 'downloaded', verifiedChecksum: false, bytes: WEIGHTS.length, sha256: sha256(WEIGHTS) });
  });

  it('fails loudly on a checksum mismatch and leaves neither the file nor a temp file', async () => {
    const modelsDir = tempDir('nadine-models-');
    const wrong = spec([{ path: 'onnx/model.onnx', bytes: WEIGHTS.length, sha256: '0'.repeat(64) }]);
    await expect(downloadModel(wrong, { baseUrl, modelsDir })).rejects.toThrow(/does not match the listed 0000/);
    expect(existsSync(path.join(modelsDir, 'test-model/onnx/model.onnx'))).toBe(false);
    expect(leftovers(modelsDir)).toEqual([]);
  });

  it('fails on a size mismatch, a truncated transfer and a missing file', async () => {
    const modelsDir = tempDir('nadine-models-');
    await expect(downloadModel(spec([{ path: 'config.json', bytes: CONFIG.length + 1 }]), { baseUrl, modelsDir })).rejects.toThrow(/expected/);
    await expect(downloadModel(spec([{ path: 'broken.bin' }]), { baseUrl, modelsDir })).rejects.toBeInstanceOf(DownloadError);
    await expect(downloadModel(spec([{ path: 'absent.bin' }]), { baseUrl, modelsDir })).rejects.toThrow(/HTTP 404/);
    expect(leftovers(modelsDir)).toEqual([]);
    expect(existsSync(path.join(modelsDir, 'test-model/broken.bin'))).toBe(false);
  });
});

const script = (args: string[]) => runTsx('scripts/download-models.ts', args);

describe('npm run models:download', () => {
  it('refuses a real-model file whose checksum is not the listed one', async () => {
    const modelsDir = tempDir('nadine-models-');
    const { code, stderr } = await script(['--only', 'minilm', '--models', modelsDir, '--base-url', baseUrl]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Xenova\/all-MiniLM-L6-v2\/config.json: sha256 [0-9a-f]{64} does not match the listed 7135149f/);
    expect(existsSync(path.join(modelsDir, 'all-MiniLM-L6-v2/config.json'))).toBe(false);
    expect(leftovers(modelsDir)).toEqual([]);
  });

  it('fetches an unlisted file, verified by size, and prints its sha256', async () => {
    const modelsDir = tempDir('nadine-models-');
    const { code, stdout } = await script(['--only', 'clip', '--file', 'onnx/text_model.onnx', '--models', modelsDir, '--base-url', baseUrl]);
    expect(code).toBe(0);
    expect(stdout).toContain(`size verified; sha256 ${sha256(TEXT_MODEL)}`);
    expect(readFileSync(path.join(modelsDir, 'clip-vit-base-patch32/onnx/text_model.onnx')).equals(TEXT_MODEL)).toBe(true);
  });
});

describe('the listed checksums', () => {
  it('match the real tokenizer files where this machine has them', async () => {
    const { clipSpec, miniLMSpec } = await import('../../src/models/real-models.js');
    const { HAS_SHARED_TOKENIZERS, SHARED_TOKENIZERS } = await import('../helpers/standin.js');
    let checked = 0;
    for (const s of [miniLMSpec(), clipSpec()]) {
      for (const f of s.files) {
        const local = path.join(SHARED_TOKENIZERS, s.folder, f.path);
        if (!f.sha256 || !existsSync(local)) continue;
        expect(sha256(readFileSync(local)), `${s.folder}/${f.path}`).toBe(f.sha256);
        checked++;
      }
    }
    expect(checked).toBe(HAS_SHARED_TOKENIZERS ? 12 : 0);
  });
});
