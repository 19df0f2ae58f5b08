import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../../src/durable/index.js';
import { tempDir as tempFolder } from '../../helpers/config.js';

const tempDir = () => tempFolder('atomic-');

describe('writeFileAtomically', () => {
  it('replaces the content and leaves no temp file behind', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'greta.json');
    writeFileSync(file, '{"old":true}');
    await writeFileAtomically(file, '{"new":true}');
    expect(readFileSync(file, 'utf8')).toBe('{"new":true}');
    expect(readdirSync(dir)).toEqual(['greta.json']);
  });

  it('lands writes to one file in the order they were asked for, whatever the sizes', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'mood.json');
    // A large write first: were the writes not kept in order, the small one would land first and be overwritten.
    const writes = [writeFileAtomically(file, 'a'.repeat(4_000_000)), writeFileAtomically(file, 'b'), writeFileAtomically(file, new TextEncoder().encode('c'), { fsync: false })];
    await Promise.all(writes);
    expect(readFileSync(file, 'utf8')).toBe('c');
    expect(readdirSync(dir)).toEqual(['mood.json']);
  });

  it('rejects when the file cannot be written, and the next write to it still goes through', async () => {
    const dir = tempDir();
    const missing = path.join(dir, 'no-such-dir', 'x.json');
    await expect(writeFileAtomically(missing, 'x')).rejects.toThrow(/ENOENT/);
    const file = path.join(dir, 'x.json');
    // A directory where the file should be: the rename fails and the temp file is removed.
    const blocked = path.join(dir, 'blocked');
    mkdirSync(blocked);
    await expect(writeFileAtomically(blocked, 'x')).rejects.toThrow(/EISDIR/);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    await writeFileAtomically(file, 'ok');
    expect(readFileSync(file, 'utf8')).toBe('ok');
  });
});
