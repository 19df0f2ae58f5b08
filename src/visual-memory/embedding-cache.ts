import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { encodeNpyVector, parseNpyVector } from './npy.js';

/** What identifies the model an embedding was made with: vectors of two encoders never mix. */
export interface EncoderIdentity {
  /** e.g. `openai/clip-vit-base-patch32@512d#3f2a9c01b7e4` */
  readonly id: string;
  readonly dims: number;
}

/**
 * The daemon's own CLIP embeddings (of scene images whose stored embedding does not fit the
 * daemon's model, and of scene descriptions), on disk under the daemon's data directory, never
 * in perception's folders. Keyed by encoder and content hash: an image that changes gets a new
 * entry, a new model gets a new folder. Files are `.npy` like perception's, written atomically.
 */
export class EmbeddingCache {
  constructor(readonly root: string) {}

  async get(encoder: EncoderIdentity, kind: 'image' | 'text', sha256: string): Promise<Float32Array | null> {
    try {
      const vector = parseNpyVector(await readFile(this.file(encoder, kind, sha256))).data;
      // A cache entry of the wrong size is a leftover of something else: recompute it.
      return vector.length === encoder.dims ? vector : null;
    } catch {
      return null;
    }
  }

  async put(encoder: EncoderIdentity, kind: 'image' | 'text', sha256: string, vector: Float32Array): Promise<void> {
    const file = this.file(encoder, kind, sha256);
    await mkdir(path.dirname(file), { recursive: true });
    const bytes = encodeNpyVector(vector);
    await writeFileAtomic(file, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  file(encoder: EncoderIdentity, kind: 'image' | 'text', sha256: string): string {
    return path.join(this.root, encoderFolder(encoder.id), `${kind}-${sha256}.npy`);
  }
}

/** A file-system-safe folder name for an encoder id. */
export const encoderFolder = (id: string) => id.replace(/[^A-Za-z0-9._-]+/g, '_');
