import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Outbox, REJECTED_DIR, type OutboxOp } from '../../../src/vectors/index.js';
import { tempDir } from '../../helpers/config.js';

const upsert = (id: string): OutboxOp => ({
  op: 'upsert',
  collection: 'memory-u1',
  space: { embedder: 'test', dims: 2 },
  records: [{ id, embedding: [1, 0], document: id, metadata: { memory_type: 'episode' } }],
});

async function drain(outbox: Outbox): Promise<string[]> {
  const seen: string[] = [];
  for (let e = await outbox.peek(); e; e = await outbox.peek()) {
    if (e.ok && e.op.op === 'upsert') seen.push(e.op.records[0]!.id);
    await outbox.done(e.file);
  }
  return seen;
}

describe('outbox on disk', () => {
  it('keeps writes in the order they were made, even when appended concurrently', async () => {
    const outbox = new Outbox(tempDir('nadine-outbox-'));
    await outbox.open();
    const ids = Array.from({ length: 20 }, (_, i) => `r${i}`);
    const seqs = await Promise.all(ids.map((id) => outbox.append(upsert(id))));
    expect(seqs).toEqual(ids.map((_, i) => i));
    expect(outbox.pending).toBe(20);
    expect(await drain(outbox)).toEqual(ids);
    expect(outbox.pending).toBe(0);
  });

  it('replays after a reopen, and never reuses the number of a rejected entry', async () => {
    const dir = tempDir('nadine-outbox-');
    const first = new Outbox(dir);
    await first.open();
    await first.append(upsert('a'));
    await first.append(upsert('b'));
    const head = (await first.peek())!;
    await first.reject(head.file, 'refused by the server');

    const second = new Outbox(dir);
    expect(await second.open()).toEqual({ pending: 1, removedPartial: 0 });
    expect(second.rejected).toBe(1);
    await drain(second);
    // The queue is empty now; the next entry must not take the rejected entry's name.
    expect(await second.append(upsert('c'))).toBe(2);
    expect(readdirSync(path.join(dir, REJECTED_DIR)).sort()).toEqual(['000000000000.json', '000000000000.json.reason']);
  });

  it('reports an entry that is valid JSON but not a write, instead of applying it', async () => {
    const dir = tempDir('nadine-outbox-');
    writeFileSync(path.join(dir, '000000000003.json'), JSON.stringify({ format: 1, seq: 3, queuedAt: 'x', op: { op: 'drop_database' } }));
    const outbox = new Outbox(dir);
    await outbox.open();
    const entry = (await outbox.peek())!;
    expect(entry.ok).toBe(false);
    expect(!entry.ok && entry.error).toMatch(/invalid/);
    expect(await outbox.append(upsert('next'))).toBe(4);
  });

  // Forget-me reaches writes that have not reached the server.
  it('finds and discards the writes of a collection, waiting or set aside, and the drain skips them', async () => {
    const dir = tempDir('nadine-outbox-');
    const outbox = new Outbox(dir);
    await outbox.open();
    const to = (collection: string, id: string): OutboxOp => ({ ...upsert(id), collection });
    await outbox.append(to('memory-alice', 'a1'));
    await outbox.append(to('memory-bob', 'b1'));
    await outbox.append(to('memory-alice', 'a2'));
    await outbox.append({ op: 'delete', collection: 'memory-alice', ids: ['a0'] });
    await outbox.reject((await outbox.peek())!.file, 'refused'); // a1 set aside
    const alice = (op: OutboxOp) => op.collection === 'memory-alice';
    expect(await outbox.find(alice)).toEqual({ pending: ['000000000002.json', '000000000003.json'], rejected: ['000000000000.json'] });

    // The drainer has read the head entry when the discard comes: it must not take it for a corrupt one.
    const head = await outbox.peek();
    expect(head).toMatchObject({ ok: true, seq: 1 });
    expect(await outbox.discard(alice)).toBe(3);
    expect(outbox.pending).toBe(1);
    expect(outbox.rejected).toBe(0);
    expect(readdirSync(path.join(dir, REJECTED_DIR))).toEqual([]);
    expect(await drain(outbox)).toEqual(['b1']);
    expect(await outbox.find(alice)).toEqual({ pending: [], rejected: [] });
  });

  it('skips an entry discarded while it was being read', async () => {
    const outbox = new Outbox(tempDir('nadine-outbox-'));
    await outbox.open();
    await outbox.append({ ...upsert('gone'), collection: 'memory-alice' });
    await outbox.append(upsert('kept'));
    const discarding = outbox.discard((op) => op.collection === 'memory-alice');
    const entry = await outbox.peek();
    await discarding;
    // Whichever came first, the entry is either the valid first one or the second; never "unreadable".
    expect(entry?.ok).toBe(true);
    expect(await drain(outbox)).toEqual(['kept']);
  });

  it('refuses to store a malformed write', async () => {
    const outbox = new Outbox(tempDir('nadine-outbox-'));
    await outbox.open();
    await expect(outbox.append({ ...upsert('x'), records: [] } as OutboxOp)).rejects.toThrow();
    expect(outbox.pending).toBe(0);
  });
});
