import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/config.js';
import { consoleSession } from '../helpers/console.js';
import { runTsx } from '../helpers/daemon-process.js';

const cli = (args: string[], env: Record<string, string> = {}, input?: string) => runTsx('src/main.ts', args, { env: { NADINE_PATHS__DATA: tempDir(), ...env }, ...(input !== undefined && { input }) });

describe('the command line', () => {
  it('refuses to start on bad configuration, naming the field and the reason', async () => {
    const { code, stderr } = await cli(['--no-mqtt'], { NADINE_DIALOGUE__HISTORY_TURNS: '0' });
    expect(code).toBe(78);
    expect(stderr).toMatch(/refusing to start/);
    expect(stderr).toMatch(/dialogue\.historyTurns: .*>=1.*NADINE_DIALOGUE__HISTORY_TURNS/);
  });

  it("starts with the reference robot's switches, and says which settings they set", async () => {
    const data = tempDir();
    const { code, stdout } = await cli(['--no-mqtt'], { NADINE_PATHS__DATA: data, NADINE_LLM__ENABLED: 'false', NADINE_ENABLE_MEMORY_AGENTS: '0', NADINE_ENABLE_VISION_AGENT: 'false' }, 'Hello!\n/quit\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Nadine: .+/m);
    const log = readFileSync(path.join(data, 'logs', 'chat.log'), 'utf8');
    expect(log).toMatch(/NADINE_ENABLE_MEMORY_AGENTS is read as agents\.memory = false/);
    expect(log).toMatch(/NADINE_ENABLE_VISION_AGENT is read as agents\.vision = false/);

    const other = await cli(['--no-mqtt'], { NADINE_ENABLE_SPEECH_AGENT: '0' });
    expect(other.code).toBe(78);
    expect(other.stderr).toMatch(/NADINE_ENABLE_SPEECH_AGENT: the configuration has no setting/);
   }, 60_000);

  it('refuses an unknown flag with its usage', async () => {
    const { code, stderr } = await cli(['--frobnicate']);
    expect(code).toBe(64);
    expect(stderr).toMatch(/usage: nadine-brain/);
  });

  it('runs the brain without MQTT on standard input and output (the chat mode)', async () => {
    const { code, stdout } = await cli(['--no-mqtt'], { NADINE_LLM__ENABLED: 'false' }, 'Hello there!\nParle français !\n/quit\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Nadine: .+/m);
    expect(stdout).toMatch(/\[WAVE_HAND\]/);
    expect(stdout).toMatch(/français/);
  });
});

describe('the developer console', () => {
  it('talks, and shows state, user, last turn and health on command', async () => {
    const text = await consoleSession(['Hello!', '/last', '/state', '/user', '/health', '/reset', '/state', '/nope', '/quit', 'never said']);

    expect(text).toMatch(/^Nadine: /m);
    expect(text).toMatch(/"name": "first_greeting"/); // /last
    expect(text).toMatch(/"timings_ms"/);
    expect(text).toMatch(/"role": "assistant"/); // /state before the reset
    expect(text).toMatch(/"user_id": null/); // /user
    expect(text).toMatch(/"intent_model"/); // /health
    expect(text).toMatch(/conversation reset/);
    expect(text).toMatch(/"messages": \[\]/); // /state after the reset
    expect(text).toMatch(/unknown command \/nope/);
    expect(text).not.toMatch(/never said/);
  });
});
