import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, mismatches, ScenarioFileError, scenarioFiles, writeReports, type EvalReport } from '../../../src/eval/index.js';
import { REPO, tempDir } from '../../helpers/config.js';

const problems = (yaml: string): string[] => {
  const file = path.join(tempDir('nadine-scenario-'), 'bad.yaml');
  writeFileSync(file, yaml);
  try {
    loadScenario(file);
  } catch (err) {
    expect(err).toBeInstanceOf(ScenarioFileError);
    expect((err as Error).message.startsWith(`${file}:`)).toBe(true);
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
    expect(problems('name: x\nsteps:\n  - detect: { id: 5 }\n')).toEqual(['step 1 (detect): detect.id: Invalid input: expected string, received number']);
    expect(problems('name: x\nsteps:\n  - say: { txt: hi }\n')).toEqual([
      'step 1 (say): say.text: Invalid input: expected string, received undefined',
      'step 1 (say): say: Unrecognized key: "txt"',
    ]);
    expect(problems('name: x\nsteps:\n  - wait_ms: soon\n')).toEqual([expect.stringMatching(/^step 1 \(wait_ms\): wait_ms: .*number/)]);
  });

  it('field checks: dot paths, nested objects, regexes over JSON text', () => {
    const turn = { intent: { name: 'update_user_info' }, memories: [{ type: 'episode', score: 0.5 }], user_id: null };
    // A dot path reaches into arrays by index.
    expect(mismatches(turn, { 'memories.0.type': 'episode' })).toEqual([]);
    expect(mismatches(turn, { 'memories.0.type': 'conversation' })).toEqual(['memories.0.type: expected "conversation", got "episode"']);
    expect(mismatches(turn, { 'intent.name': 'update_user_info', 'memories.0.type': '/episode|conversation/' })).toEqual([]);
    expect(mismatches(turn, { intent: { name: '/^update/' }, user_id: null })).toEqual([]);
    expect(mismatches(turn, { 'intent.name': 'first_greeting', 'memories.1.type': '/./' })).toEqual([
      'intent.name: expected "first_greeting", got "update_user_info"',
      'memories.1.type: expected /./, got nothing',
    ]);
    expect(mismatches(turn, { memories: '/"score":0\\.5/' })).toEqual([]);
  });
});

describe('the markdown report', () => {
  it('lists every scenario, the failures with their transcript, the skipped with their reason, and the simulated visits', async () => {
    const dir = tempDir('nadine-report-');
    const report: EvalReport = {
      passed: 1,
      failed: 1,
      skipped: 1,
      ms: 12_345,
      scenarios: [
        { name: 'ok one', file: 'a.yaml', passed: true, skipped: null, ms: 1000, steps: [{ index: 1, step: 'say: hi', ok: true, ms: 5, failures: [] }], transcript: [], failures: [], simulated: { visits: [{ verdict: 'yes', reason: 'Name used.', transcript: [{ speaker: 'visitor', message: 'I am Greta.' }], failures: [] }], pass_rate: 1, min_pass_rate: 0.5 } },
        { name: 'bad | one', file: 'b.yaml', passed: false, skipped: null, ms: 2000, steps: [], transcript: ['0.10s visitor: hi', '0.20s robot: Hello!'], failures: ['step 2 (expect): speak /Greta/: the robot said "Hello!"'], simulated: null },
        { name: 'sim', file: 'c.yaml', passed: false, skipped: 'simulated visitor, and no language model given', ms: 0, steps: [], transcript: [], failures: [], simulated: null },
      ],
    };
    await writeReports(report, path.join(dir, 'report.json'), path.join(dir, 'report.md'));
    const md = readFileSync(path.join(dir, 'report.md'), 'utf8');
    expect(md).toMatch(/^1 passed, 1 failed, 1 skipped, in 12\.3 s\.$/m);
    expect(md).toMatch(/^\| ok one \| passed \(judge: 100% of 1\) \| 1\/1 \| 1\.0 s \|$/m);
    expect(md).toMatch(/^\| bad \\\| one \| \*\*FAILED\*\* \|/m);
    expect(md).toMatch(/## FAILED: bad \| one\n\n`b\.yaml`\n\n- step 2 \(expect\): speak \/Greta\/: the robot said "Hello!"\n\n```\n0\.10s visitor: hi\n0\.20s robot: Hello!\n```/);
    expect(md).toMatch(/^- sim \(c\.yaml\): simulated visitor, and no language model given$/m);
    expect(md).toMatch(/### ok one: 1\/1 met the objective\n\n1\. \*\*yes\*\*: Name used\.\n\n {3}```\n {3}visitor: I am Greta\./);
  });
});
