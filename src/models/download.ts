import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sha256File } from './standin/manifest.js';

/**
 * Fetching the real model weights (for machines with internet): each file goes to a temp file
 * beside its target while it is hashed and counted, is verified, then renamed into place, so a
 * model folder never holds a partial or wrong file.
 */

export interface ModelFile {
  /** Path in the repository and in the model folder, e.g. "onnx/model.onnx". */
  path: string;
  /** Known size and sha256 (from the project's list); else the server's Content-Length is checked. */
  bytes?: number;
  sha256?: string;
}

export interface ModelSpec {
  /** Hugging Face repository, e.g. "Xenova/all-MiniLM-L6-v2". */
  repo: string;
  /** Folder under paths.models (transformers.js layout). */
  folder: string;
  revision: string;
  files: ModelFile[];
}

export class DownloadError extends Error {
  override name = 'DownloadError';
}

export interface FileResult {
  path: string;
  status: 'downloaded' | 'present';
  bytes: number;
  sha256: string;
  /** Whether a listed checksum was checked (otherwise the size from the server was). */
  verifiedChecksum: boolean;
}

export interface DownloadOptions {
  /** Where `<repo>/resolve/<revision>/<path>` is served; https://huggingface.co by default. */
  baseUrl: string;
  modelsDir: string;
  /** Download again even when the file is there and verifies. */
  force?: boolean;
  fetch?: typeof fetch;
  onFile?: (result: FileResult) => void;
}

export const fileUrl = (baseUrl: string, spec: ModelSpec, file: ModelFile) =>
  `${baseUrl.replace(/\/+$/, '')}/${spec.repo}/resolve/${encodeURIComponent(spec.revision)}/${file.path}`;

/** A file already in place counts only when it matches its listed checksum (or, unlisted, exists). */
async function present(target: string, file: ModelFile): Promise<FileResult | null> {
  if (!existsSync(target)) return null;
  const bytes = statSync(target).size;
  if (file.bytes !== undefined && bytes !== file.bytes) return null;
  const sha256 = await sha256File(target);
  if (file.sha256 && sha256 !== file.sha256) return null;
  return { path: file.path, status: 'present', bytes, sha256, verifiedChecksum: Boolean(file.sha256) };
}

export async function downloadFile(spec: ModelSpec, file: ModelFile, options: DownloadOptions): Promise<FileResult> {
  const target = path.join(options.modelsDir, spec.folder, file.path);
  if (!options.force) {
    const existing = await present(target, file);
    if (existing) return existing;
  }
  await mkdir(path.dirname(target), { recursive: true });
  const url = fileUrl(options.baseUrl, spec, file);
  const response = await (options.fetch ?? fetch)(url, { redirect: 'follow' });
  if (!response.ok || !response.body) throw new DownloadError(`${url}: HTTP ${response.status} ${response.statusText}`);
  const announced = Number(response.headers.get('content-length') ?? NaN);
  const expectedBytes = file.bytes ?? (Number.isFinite(announced) ? announced : undefined);
  if (expectedBytes === undefined) throw new DownloadError(`${url}: no listed size and no Content-Length to verify against`);

  const temp = `${target}.download-${process.pid}`;
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), tap, createWriteStream(temp));
    const sha256 = hash.digest('hex');
    if (bytes !== expectedBytes) throw new DownloadError(`${spec.repo}/${file.path}: got ${bytes} bytes, expected ${expectedBytes}`);
    if (file.sha256 && sha256 !== file.sha256) {
      throw new DownloadError(`${spec.repo}/${file.path}: sha256 ${sha256} does not match the listed ${file.sha256}`);
    }
    await rename(temp, target);
    return { path: file.path, status: 'downloaded', bytes, sha256, verifiedChecksum: Boolean(file.sha256) };
  } catch (err) {
    await rm(temp, { force: true });
    throw err instanceof DownloadError ? err : new DownloadError(`${url}: ${(err as Error).message}`);
  }
}

/** Every file of the model, in order; stops at the first failure (files already verified stay). */
export async function downloadModel(spec: ModelSpec, options: DownloadOptions): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const file of spec.files) {
    const result = await downloadFile(spec, file, options);
    options.onFile?.(result);
    results.push(result);
  }
  return results;
}
