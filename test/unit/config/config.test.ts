import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultClientId } from '../../../src/bus/index.js';
import { ConfigError, ConfigSchema, loadConfig } from '../../../src/config/index.js';
import { REPO, tempDir } from '../../helpers/config.js';

function load(env: Record<string, string> = {}, file?: { name: string; text: string }) {
  const cwd = tempDir();
  if (file) writeFileSync(path.join(cwd, file.name), file.text);
  return loadConfig({ cwd, env, file: file ? file.name : null });
}

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it("reads the reference robot's switches as aliases of agents.memory and agents.vision", () => {
    for (const [raw, value] of [['0', false], ['1', true], ['false', false], ['TRUE', true]] as const) {
      const { config, envAliases, envOverrides } = load({ NADINE_ENABLE_MEMORY_AGENTS: raw, NADINE_ENABLE_VISION_AGENT: raw });
      expect(config.agents).toMatchObject({ memory: value, vision: value });
      expect(envAliases).toEqual(
        expect.arrayContaining([
          { name: 'NADINE_ENABLE_MEMORY_AGENTS', setting: 'agents.memory', value },
          { name: 'NADINE_ENABLE_VISION_AGENT', setting: 'agents.vision', value },
        ]),
      );
      expect(envOverrides).toEqual([]);
    }
    // The canonical variable wins over the alias.
    const both = load({ NADINE_ENABLE_MEMORY_AGENTS: '0', NADINE_AGENTS__MEMORY: 'true' });
    expect(both.config.agents.memory).toBe(true);
    expect(both.envAliases).toEqual([]);
    expect(problems(() => load({ NADINE_ENABLE_VISION_AGENT: 'off' }))).toEqual([
      'NADINE_ENABLE_VISION_AGENT: must be 0, 1, true or false (got "off"); it is an alias of agents.vision',
    ]);
  });

  it('still refuses any other unknown NADINE_ variable, saying which ones exist', () => {
    const [problem] = problems(() => load({ NADINE_ENABLE_AFFECT_AGENT: '0' }));
    expect(problem).toMatch(/^NADINE_ENABLE_AFFECT_AGENT: the configuration has no setting "enable_affect_agent" \(known: .*agents.*\)/);
    expect(problem).toMatch(/NADINE_ENABLE_MEMORY_AGENTS, NADINE_ENABLE_VISION_AGENT/);
  });

  it('runs on embedded defaults with no file and no environment', () => {
    const { config, file } = load();
    expect(file).toBeNull();
    expect(config.mqtt.url).toBeNull();
    expect(config.broker).toMatchObject({ enabled: true, port: 1883 });
    expect(config.mqtt.prefix).toBe('nadine/');
    expect(config.llm.agents.response).toBe('response');
    expect(config.language).toBe('en');
  });

  it('reads YAML and JSON files, and picks up nadine.config.yaml from the working directory', () => {
    const yaml = load({}, { name: 'robot.yaml', text: 'mqtt:\n  prefix: robots/r2\nlanguage: de\n' });
    expect(yaml.config.mqtt.prefix).toBe('robots/r2/');
    expect(yaml.config.language).toBe('de');
    const json = load({}, { name: 'robot.json', text: '{"dialogue": {"historyTurns": 3}}' });
    expect(json.config.dialogue.historyTurns).toBe(3);

    const cwd = tempDir();
    writeFileSync(path.join(cwd, 'nadine.config.yaml'), 'persona:\n  name: Ada\n');
    expect(loadConfig({ cwd, env: {} }).config.persona.name).toBe('Ada');
  });

  it('lets environment variables override nested settings, with types from the schema', () => {
    const { config, envOverrides } = load(
      {
        NADINE_MQTT__URL: 'mqtt://10.0.0.2:1883',
        NADINE_MQTT__PASSWORD: '123456',
        NADINE_LLM__TIMEOUTS__FIRST_TOKEN_MS: '5000',
        NADINE_LLM__PROFILES__RESPONSE__MODEL: 'llama3.1:8b',
        NADINE_AGENTS__VISION: 'false',
      },
      { name: 'c.yaml', text: 'llm:\n  timeouts:\n    firstTokenMs: 1000\n' },
    );
    expect(config.mqtt.url).toBe('mqtt://10.0.0.2:1883');
    expect(config.mqtt.password).toBe('123456'); // a string, although it looks like a number
    expect(config.llm.timeouts.firstTokenMs).toBe(5000); // env wins over the file
    expect(config.llm.profiles.response.model).toBe('llama3.1:8b');
    expect(config.agents.vision).toBe(false);
    expect(envOverrides).toContain('NADINE_MQTT__URL');
  });

  it('names the field, the reason and the source of every bad value', () => {
    const fromEnv = problems(() => load({ NADINE_BROKER__PORT: 'seventeen', NADINE_MQTT__URL: 'http://broker' }));
    expect(fromEnv).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^broker\.port: .*number.*\(set by NADINE_BROKER__PORT\)$/),
        expect.stringMatching(/^mqtt\.url: must be an mqtt:\/\/.*\(set by NADINE_MQTT__URL\)$/),
      ]),
    );
    const fromFile = problems(() => load({}, { name: 'bad.yaml', text: 'dialogue:\n  historyTurns: -1\n  colour: red\n' }));
    expect(fromFile.join('\n')).toMatch(/dialogue\.historyTurns: .*>=1.*bad\.yaml/);
    expect(fromFile.join('\n')).toMatch(/dialogue: unknown setting\(s\): colour/);
  });

  it('rejects unknown environment settings, unreadable TLS files and broken YAML', () => {
    expect(problems(() => load({ NADINE_MQTT__PORTT: '1' }))[0]).toMatch(/NADINE_MQTT__PORTT: "mqtt" has no setting "portt"/);
    expect(problems(() => load({ NADINE_MQTT__TLS__CA: '/nonexistent/ca.pem' }))[0]).toMatch(/mqtt\.tls\.ca: cannot read file/);
    expect(problems(() => load({}, { name: 'x.yaml', text: 'mqtt: [unclosed' }))[0]).toMatch(/not valid YAML/);
    expect(problems(() => load({ NADINE_MQTT__PREFIX: 'nadine/#' }))[0]).toMatch(/mqtt\.prefix: must not contain MQTT wildcards/);
    expect(problems(() => load({ NADINE_BROKER__ENABLED: 'false' }))[0]).toMatch(/no broker/);
    expect(problems(() => loadConfig({ cwd: tempDir(), env: {}, file: 'missing.yaml' }))[0]).toMatch(/does not exist/);
  });

  it('loads the example configuration, which shows every default as it is', () => {
    const example = readFileSync(path.join(REPO, 'nadine.config.example.yaml'), 'utf8');
    expect(load({}, { name: 'nadine.config.yaml', text: example }).config).toEqual(load().config);
  });

  it('gives each robot on a shared broker its own client id, from its prefix', () => {
    expect(defaultClientId('nadine/')).toBe('nadine-brain');
    expect(defaultClientId('robot-a/')).toBe('nadine-brain-robot-a');
    expect(defaultClientId('site 1/lobby/')).toBe('nadine-brain-site-1-lobby');
    expect(ConfigSchema.parse({}).mqtt.clientId).toBeNull();
  });
});

describe('renamed settings', () => {
  it('are still read under their old name for one release, each with a warning naming the new key', () => {
    const dir = tempDir('nadine-renames-');
    const file = path.join(dir, 'old.yaml');
    writeFileSync(file, 'llm:\n  agents:\n    extraction: big\n    planner: small\nagents:\n  planner: true\nplanner:\n  maxSteps: 2\n');
    const { config, deprecations } = loadConfig({ file, env: { NADINE_LLM__AGENTS__CONTEXTUALIZER: 'big' }, cwd: dir });
    expect(config.llm.agents).toMatchObject({ memory_update: 'big', plan: 'small', contextualize: 'big' });
    expect(config.plan).toMatchObject({ useModel: true, maxSteps: 2 });
    expect(deprecations).toHaveLength(5);
    expect(deprecations.join('\n')).toMatch(/"agents\.planner" is renamed "plan\.useModel"/);
    expect(deprecations.join('\n')).toMatch(/NADINE_LLM__AGENTS__CONTEXTUALIZE/);
    // The new names, and no warning.
    expect(loadConfig({ env: { NADINE_PLAN__USE_MODEL: 'true' }, cwd: dir })).toMatchObject({ config: { plan: { useModel: true } }, deprecations: [] });
  });
});
