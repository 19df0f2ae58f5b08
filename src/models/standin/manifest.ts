import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

/**
 * Every generated stand-in model folder has this file. It says how the folder was made (so the
 * generator can skip work when nothing changed) and marks the weights as random, so that no
 * loader mistakes a stand-in for the real model.
 */
export const STANDIN_MANIFEST = 'standin.json';

export const StandinManifestSchema = z.strictObject({
  kind: z.literal('nadine-brain stand-in model'),
  /** Which model it stands in for, e.g. "sentence-transformers/all-MiniLM-L6-v2". */
  standsInFor: z.string(),
  /** Generator name and version: a new version regenerates. */
  generator: z.string(),
  seed: z.number().int(),
  tokenizer: z.strictObject({
    source: z.enum(['copied', 'generated']),
    /** The folder the files were copied from, if copied. */
    from: z.string().nullable(),
    /** sha256 over the source tokenizer files (names and contents), or of the generator's output. */
    sha256: z.string(),
  }),
  createdAt: z.string(),
  files: z.record(z.string(), z.strictObject({ bytes: z.number().int().nonnegative(), sha256: z.string() })),
  note: z.string(),
});
export type StandinManifest = z.infer<typeof StandinManifestSchema>;

export function readStandinManifest(dir: string): StandinManifest | null {
  const file = path.join(dir, STANDIN_MANIFEST);
  if (!existsSync(file)) return null;
  try {
    return StandinManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

export async function writeStandinManifest(dir: string, manifest: StandinManifest): Promise<void> {
  await writeFileAtomic(path.join(dir, STANDIN_MANIFEST), `${JSON.stringify(StandinManifestSchema.parse(manifest), null, 2)}\n`);
}

/**
 * Up to date when made by the same generator, seed and tokenizer source, and every listed file
 * is still there with its size (hashing ~90 MB on every test run would cost more than it finds).
 */
export function isStandinFresh(dir: string, expected: { generator: string; seed: number; tokenizerSha256: string }): boolean {
  const manifest = readStandinManifest(dir);
  if (!manifest) return false;
  if (manifest.generator !== expected.generator || manifest.seed !== expected.seed || manifest.tokenizer.sha256 !== expected.tokenizerSha256) {
    return false;
  }
  return Object.entries(manifest.files).every(([name, { bytes }]) => {
    try {
      return statSync(path.join(dir, name)).size === bytes;
    } catch {
      return false;
    }
  });
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** One hash over several files, names included, in the given order. */
export function sha256OfFiles(dir: string, names: readonly string[]): string {
  const hash = createHash('sha256');
  for (const name of names) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(path.join(dir, name)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export async function describeFiles(dir: string, names: readonly string[]): Promise<StandinManifest['files']> {
  const files: StandinManifest['files'] = {};
  for (const name of names) {
    const file = path.join(dir, name);
    files[name] = { bytes: statSync(file).size, sha256: await sha256File(file) };
  }
  return files;
}
