import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedLlmSpec } from '../../src/models/real-models.js';
import { ConfigSchema } from '../../src/config/index.js';
import { REPO, tempDir } from '../helpers/config.js';

/** A stand-in hub that serves something else under the embedded model's pinned URL. */
let server: Server;
let baseUrl: string;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const body = Buffer.from('not a GGUF file');
    res.writeHead(200, { 'content-length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function script(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts/download-models.ts'), ...args], { cwd: REPO });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

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
