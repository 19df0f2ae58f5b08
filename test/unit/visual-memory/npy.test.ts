import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeNpyVector, NpyError, parseNpyVector } from '../../../src/visual-memory/index.js';
import { SCENE_FIXTURES } from '../../helpers/scenes.js';

const dir = path.join(SCENE_FIXTURES, 'npy');
const expected: { valid: Record<string, { shape: number[]; values: number[] }>; invalid: Record<string, string> } = JSON.parse(
  readFileSync(path.join(dir, 'expected.json'), 'utf8'),
);
const file = (name: string) => readFileSync(path.join(dir, name));

describe('the .npy reader, on files written by NumPy', () => {
  it.each(Object.entries(expected.valid))('reads %s', (name, want) => {
    const vector = parseNpyVector(file(name));
    expect(vector.shape).toEqual(want.shape);
    expect(vector.data).toBeInstanceOf(Float32Array);
    expect(Array.from(vector.data)).toEqual(want.values.map((v) => Math.fround(v)));
  });

  it.each(Object.entries(expected.invalid))('refuses %s with a reason (%s)', (name, why) => {
    expect(() => parseNpyVector(file(name))).toThrow(NpyError);
    expect(() => parseNpyVector(file(name))).toThrow(new RegExp(why.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
  });

  it('reads a vector from a Buffer that shares its memory with other data', () => {
    // Node pools small Buffers: the parser must honour byteOffset, not read from the pool's start.
    const bytes = file('f4_d8.npy');
    const pooled = Buffer.concat([Buffer.from('padding!'), bytes]).subarray(8);
    expect(pooled.byteOffset).toBeGreaterThan(0);
    expect(Array.from(parseNpyVector(pooled).data)).toEqual(expected.valid['f4_d8.npy']!.values);
  });

  it('writes exactly the bytes np.save writes for a float32 vector', () => {
    const values = Float32Array.from(expected.valid['f4_d8.npy']!.values);
    expect(Buffer.from(encodeNpyVector(values))).toEqual(file('f4_d8.npy'));
  });

  it('reads back what it writes, for a CLIP-sized vector', () => {
    const values = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i) / 10);
    const bytes = encodeNpyVector(values);
    expect((10 + new DataView(bytes.buffer).getUint16(8, true)) % 64).toBe(0);
    expect(parseNpyVector(bytes)).toEqual({ data: values, shape: [512], descr: '<f4' });
  });
});
