import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DurableFolder, DurableQueue, REJECTED_DIR } from '../../../src/durable/index.js';
import { tempDir } from '../../helpers/config.js';

const Message = z.strictObject({ key: z.string(), body: z.string() });

describe('the durable-queue module', () => {
  it('a folder removes what a write cut short left, and sets a bad entry aside with its reason', async () => {
    const dir = tempDir('nadine-durable-');
    writeFileSync(path.join(dir, 'a.json'), '{"key":"k","body":"b"}');
    writeFileSync(path.join(dir, 'b.json'), '{"key":');
    writeFileSync(path.join(dir, 'a.json.123456'), 'temp file of an interrupted write');
    const folder = new DurableFolder(dir, /^[a-z]\.json$/);
    expect(await folder.open()).toEqual({ pending: 2, removedPartial: 1 });
    expect(await folder.read('a.json', Message)).toEqual({ file: 'a.json', ok: true, value: { key: 'k', body: 'b' } });
    const bad = await folder.read('b.json', Message);
    expect(bad.ok).toBe(false);
    await folder.reject('b.json', !bad.ok ? bad.error : '');
    expect(await folder.files()).toEqual(['a.json']);
    expect(await folder.rejectedFiles()).toEqual(['b.json']);
    expect(readFileSync(path.join(dir, REJECTED_DIR, 'b.json.reason'), 'utf8')).toMatch(/unreadable/);
  });

  it('a folder still sets an entry aside when rejected/ was removed by hand after it was opened', async () => {
    const dir = tempDir('nadine-durable-');
    writeFileSync(path.join(dir, 'c.json'), '{"key":');
    const folder = new DurableFolder(dir, /^[a-z]\.json$/);
    await folder.open();
    rmSync(path.join(dir, REJECTED_DIR), { recursive: true });
    await folder.reject('c.json', 'invalid');
    expect(await folder.files()).toEqual([]);
    expect(await folder.rejectedFiles()).toEqual(['c.json']);
  });

  it('a queue keeps values under its field, replays them in order after a reopen, and discards by match', async () => {
    const dir = tempDir('nadine-durable-');
    const first = new DurableQueue(dir, { schema: Message, field: 'message' });
    await first.open();
    await Promise.all(['a', 'b', 'c'].map((body) => first.append({ key: body === 'b' ? 'status' : 'info', body })));
    expect(JSON.parse(readFileSync(path.join(dir, '000000000001.json'), 'utf8'))).toMatchObject({ format: 1, seq: 1, message: { key: 'status', body: 'b' } });

    const second = new DurableQueue(dir, { schema: Message, field: 'message' });
    expect(await second.open()).toEqual({ pending: 3, removedPartial: 0 });
    expect(await second.discard((m) => m.key === 'status')).toBe(1);
    expect((await second.values()).map((v) => v.value.body)).toEqual(['a', 'c']);
    const head = (await second.peek())!;
    expect(head).toMatchObject({ seq: 0, ok: true, value: { body: 'a' } });
    await second.done(head.file);
    expect(await second.append({ key: 'info', body: 'd' })).toBe(3);
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toEqual(['000000000002.json', '000000000003.json']);
  });
});
