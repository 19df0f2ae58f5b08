import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedLlmSpec } from '../../src/models/real-models.js';
import { ConfigSchema } from '../../src/config/index.js';
import { tempDir } from '../helpers/config.js';
import { runTsx } from '../helpers/daemon-process.js';
import { startHttpServer, type TestHttpServer } from '../helpers/http.js';

/** A stand-in hub that serves something else under the embedded model's pinned URL. */
let server: TestHttpServer;
let baseUrl: string;
const asked: string[] = [];
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    asked.push(req.url ?? '');
    const body = Buffer.from('not a GGUF file');
    res.writeHead(200, { 'content-length': String(body.length) });
    res.end(body);
  });
  baseUrl = server.url;
});
afterAll(() => server.close());

const script = (args: string[]) => runTsx('scripts/download-models.ts', args);

describe('npm run models:download: the embedded language model', () => {
  it('is fetched from its pinned revision into the file the embedded fallback looks for, and a wrong file is refused', async () => {
    const spec = embeddedLlmSpec();
    const file = spec.files[0]!;
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Where the download lands is where `npm start` looks for the embedded model.
    expect(path.join(spec.folder, file.path)).toBe(ConfigSchema.parse({}).llm.embedded.path);

    const modelsDir = tempDir('nadine-models-');
    const { code, stderr } = await script(['--only', 'qwen', '--models', modelsDir, '--base-url', baseUrl]);
    expect(code).toBe(1);
    expect(asked).toEqual([`/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/${spec.revision}/qwen2.5-1.5b-instruct-q4_k_m.gguf`]);
    expect(stderr).toMatch(/got 15 bytes, expected 1117320736/);
    expect(existsSync(path.join(modelsDir, 'gguf', file.path))).toBe(false);
    expect(readdirSync(modelsDir, { recursive: true }).map(String).filter((f) => f.includes('.download-'))).toEqual([]);
  });
});
