import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { waitFor } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';

async function consoleSession(lines: string[]) {
  const config = testConfig();
  const daemon = await startDaemon({ config, log: silentLogger, mqtt: false });
  // The embedded ChromaDB starts in the background: until it answers, a forget can only queue the
  // deletion of memories there (and says so), which is not what these sessions are about.
  await waitFor(() => daemon.vectors.store.status().reachable, 60_000, 'ChromaDB reachable');
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => (text += d));
  const done = runConsole({ daemon, input, output, interactive: false });
  input.end(lines.join('\n'));
  await done;
  await daemon.stop();
  return { text, data: config.paths.data, daemon };
}

describe('people in the developer console', () => {
  it('learns a name, and /forget deletes everything about the current user', async () => {
    const { text, data, daemon } = await consoleSession(['My name is Bartholomew', 'I live in Lisbon', '/user', '/forget', '/user', '/forget']);
    expect(text).toMatch(/^Nadine: Nice to meet you, Bartholomew/m);
    const id = /"user_id": "(bartholomew-[0-9a-f]{6})"/.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(text).toMatch(/"ok": true/);
    expect(text).toMatch(/"profiles: (?:profile folder|unsaved profile in memory)/);
    expect(text).toMatch(/no current user with an id/); // the second /forget: nobody is current any more
    expect(existsSync(path.join(data, 'memory/user_profiles', id!))).toBe(false);
    const ids = path.join(data, 'user_ids.json');
    if (existsSync(ids)) expect(readFileSync(ids, 'utf8')).not.toContain(id!);
    expect(daemon.dialogue.mentions(id!)).toEqual([]);
  });

  it('/forget <user_id> names the person; an invalid id is refused', async () => {
    const { text } = await consoleSession(['/forget nobody_1', '/forget ../etc']);
    expect(text).toMatch(/"user_id": "nobody_1"[\s\S]*"ok": true[\s\S]*"removed": \[\]/);
    expect(text).toMatch(/not a user id: \.\.\/etc/);
  });
});
