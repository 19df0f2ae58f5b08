import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/daemon.js';
import { waitFor } from '../helpers/chroma.js';
import { consoleRun } from '../helpers/console.js';

// The embedded ChromaDB starts in the background: until it answers, a forget can only queue the
// deletion of memories there (and says so), which is not what these sessions are about.
const chromaReachable = (daemon: Daemon) => waitFor(() => daemon.vectors.store.status().reachable, 60_000, 'ChromaDB reachable');
// Under load (16) the daemon's own limits for ChromaDB are wall-clock limits on these reports:
// the forget waits memory.forgetFlushMs (5 s) for its deletion to reach the server (else it
// reports 'deletion queued') and looks again with a read limited to chroma.queryTimeoutMs (1 s,
// so recall never holds up a turn; else 'cannot be checked'). Here they only catch a hang.
const session = { ready: chromaReachable, config: { chroma: { queryTimeoutMs: 60_000 }, memory: { forgetFlushMs: 60_000 } } };

describe('people in the developer console', () => {
  it('learns a name, and /forget deletes everything about the current user', async () => {
    const { text, config, daemon } = await consoleRun(['My name is Bartholomew', 'I live in Lisbon', '/user', '/forget', '/user', '/forget'], session);
    const data = config.paths.data;
    expect(text).toMatch(/^Nadine: Nice to meet you, Bartholomew/m);
    const id = /"user_id": "(bartholomew-[0-9a-f]{6})"/.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(text, text).toMatch(/"ok": true/);
    expect(text).toMatch(/"profiles: (?:profile folder|unsaved profile in memory)/);
    expect(text).toMatch(/no current user with an id/); // the second /forget: nobody is current any more
    expect(existsSync(path.join(data, 'memory/user_profiles', id!))).toBe(false);
    const ids = path.join(data, 'user_ids.json');
    if (existsSync(ids)) expect(readFileSync(ids, 'utf8')).not.toContain(id!);
    expect(daemon.dialogue.mentions(id!)).toEqual([]);
  });

  it('/forget <user_id> names the person; an invalid id is refused', async () => {
    const { text } = await consoleRun(['/forget nobody_1', '/forget ../etc'], session);
    expect(text, text).toMatch(/"user_id": "nobody_1"[\s\S]*"ok": true[\s\S]*"removed": \[\]/);
    expect(text).toMatch(/not a user id: \.\.\/etc/);
  });
});
