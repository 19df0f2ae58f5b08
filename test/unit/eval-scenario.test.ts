import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { at, loadScenario, mismatches, parseScenario, ScenarioFileError, scenarioFiles } from '../../src/eval/index.js';
import { REPO } from '../helpers/config.js';

const problems = (yaml: string): string[] => {
  try {
    parseScenario(yaml, 'bad.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioFileError);
    expect((err as Error).message.startsWith('bad.yaml:')).toBe(true);
    return (err as ScenarioFileError).problems;
  }
  throw new Error('parsed');
};

describe('scenario files', () => {
  it('the skeleton of the issue parses as it is written', () => {
    const s = loadScenario(path.join(REPO, 'test/fixtures/eval/skeleton.yaml'));
    expect(s.people).toEqual({ u_greta: 'Greta' });
    expect(s.steps).toHaveLength(12);
    expect(s.steps[1]).toEqual({ expect: { speak: 'Greta', within_ms: 3000 } });
    expect(s.steps[4]).toEqual({ expect: { turn: { 'intent.name': 'update_user_info' } } });
    expect(s.steps[7]).toEqual({ detect: '@Dana' });
  });

  it('every shipped scenario is valid', () => {
    const files = scenarioFiles([path.join(REPO, 'eval/scenarios')]);
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const f of files) expect(() => loadScenario(f), f).not.toThrow();
  });

  it('a bad file names the step and the field', () => {
    expect(problems('name: x\nsteps:\n  - say: hi\n  - expect: { turn: { a: 1 }, within_ms: -5 }\n')).toEqual([expect.stringMatching(/^step 2 \(expect\): expect\.within_ms: .*>0|^step 2 \(expect\): within_ms: /)]);
    expect(problems('name: x\nsteps:\n  - expect: { spek: Greta }\n')[0]).toBe('step 1 (expect): expect: Unrecognized key: "spek"');
    expect(problems('name: x\nsteps:\n  - say: hi\n  - shout: hi\n')).toEqual(['step 2: not a step: one of detect, leave, say, expect, wait_ms, publish is needed, found shout']);
    expect(problems('steps:\n  - say: hi\n')).toEqual([expect.stringMatching(/^name: /)]);
    expect(problems('name: x\nsteps: [\n')[0]).toMatch(/^not valid YAML/);
    expect(problems('name: x\nsteps:\n  - wait_ms: soon\n')).toEqual([expect.stringMatching(/^step 1 \(wait_ms\): wait_ms: .*number/)]);
  });

  it('field checks: dot paths, nested objects, regexes over JSON text', () => {
    const turn = { intent: { name: 'update_user_info' }, memories: [{ type: 'episode', score: 0.5 }], user_id: null };
    expect(at(turn, 'memories.0.type')).toBe('episode');
    expect(mismatches(turn, { 'intent.name': 'update_user_info', 'memories.0.type': '/episode|conversation/' })).toEqual([]);
    expect(mismatches(turn, { intent: { name: '/^update/' }, user_id: null })).toEqual([]);
    expect(mismatches(turn, { 'intent.name': 'first_greeting', 'memories.1.type': '/./' })).toEqual([
      'intent.name: expected "first_greeting", got "update_user_info"',
      'memories.1.type: expected /./, got nothing',
    ]);
    expect(mismatches(turn, { memories: '/"score":0\\.5/' })).toEqual([]);
  });
});
