import { describe, expect, it } from 'vitest';
import { newSession, ConversationFiles, type Session } from '../../../src/dialogue/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { tempDir } from '../../helpers/config.js';

const ANA = { user_id: 'ana_01', user_name: 'Ana' };
const BEN = { user_id: 'ben_02', user_name: 'Ben' };

function conversation(user: typeof ANA, ...said: string[]): Session {
  return { ...newSession('en', user), messages: said.map((content) => ({ role: 'user' as const, content })) };
}

/** A pause of the conversation that the test decides: every write waiting for one starts at `pause()`. */
function pauses() {
  const waiting: (() => void)[] = [];
  const idle = () => new Promise<void>((resolve) => waiting.push(resolve));
  return { idle, waiting: () => waiting.length, pause: () => waiting.splice(0).forEach((resume) => resume()) };
}

describe('conversation files', () => {
  it('are written in the next pause of the conversation, the latest version of the turns before it', async () => {
    const { idle, waiting, pause } = pauses();
    const files = new ConversationFiles({ dataDir: tempDir('nadine-convs-'), log: silentLogger, quiet: { whenQuiet: idle } });
    files.save(ANA.user_id, conversation(ANA, 'Hello!'));
    files.save(ANA.user_id, conversation(ANA, 'Hello!', 'What can you do?'));
    // One write, waiting for the pause: nothing is written while the turns go on.
    await expect.poll(waiting).toBe(1);
    expect(files.has(ANA.user_id)).toBe(false);
    pause();
    await files.flush();
    expect(files.load(ANA.user_id)?.messages.map((m) => m.content)).toEqual(['Hello!', 'What can you do?']);
  });

  it('are written at once when flushed (the daemon stops), and not at all once the person is forgotten', async () => {
    const { idle, pause } = pauses();
    const files = new ConversationFiles({ dataDir: tempDir('nadine-convs-'), log: silentLogger, quiet: { whenQuiet: idle } });
    files.save(BEN.user_id, conversation(BEN, 'Good morning.'));
    await files.flush();
    expect(files.load(BEN.user_id)?.messages).toHaveLength(1);

    files.save(BEN.user_id, conversation(BEN, 'Good morning.', 'I work at Siemens.'));
    expect(await files.remove(BEN.user_id)).toBe(true);
    pause();
    await files.flush();
    expect(files.has(BEN.user_id)).toBe(false);
  });
});
