import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversationQueue } from '../../../src/memory/queue.js';
import { tempDir } from '../../helpers/config.js';

const job = (ended_at: string, text: string) => ({
  format: 1 as const,
  conversation_id: 'conv-1',
  user_id: 'anna_01',
  user_name: 'Anna',
  robot_name: 'Nadine',
  language: 'en' as const,
  ended_at,
  turn_id: 't',
  messages: [{ role: 'user' as const, content: text }],
});

describe('the queue of conversations to remember', () => {
  it('says a file removed after it was listed is gone (replaced), not damaged', async () => {
    const queue = new ConversationQueue(tempDir());
    await queue.open();
    const file = await queue.add(job('2026-11-26T10:00:00Z', 'Hello'));
    const [listed] = await queue.files();
    expect(listed).toBe(file);
    // The newer version of the same conversation replaces it between the listing and the read.
    await rm(path.join(queue.dir, file));
    const read = await queue.read(file);
    expect(read).toMatchObject({ ok: false, gone: true });
  });

  it('says a torn file is damaged (not gone)', async () => {
    const queue = new ConversationQueue(tempDir());
    await queue.open();
    const file = await queue.add(job('2026-11-26T10:00:00Z', 'Hello'));
    await writeFile(path.join(queue.dir, file), '{"format": 1, "conversation_id": "conv-1", "mess');
    const read = await queue.read(file);
    expect(read.ok).toBe(false);
    expect(read).not.toHaveProperty('gone');
  });
});
