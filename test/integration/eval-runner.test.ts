import { mkdirSync, writeFileSync } from 'node:fs';
import mqtt from 'mqtt';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JUDGE_PROMPT_START, loadScenario, runScenarios, VISITOR_PROMPT_START, type RunOptions, type Scenario } from '../../src/eval/index.js';
import { silentLogger } from '../../src/log/index.js';
import { REPO, tempDir, testConfig } from '../helpers/config.js';
import { startDaemon } from '../../src/daemon.js';
import { startFakeOllama, type ChatBody, type FakeOllama } from '../helpers/fake-ollama.js';

/** Scenarios written to a temporary folder (a camera frame is looked up next to the file). */
function scenario(yaml: string): Scenario {
  const dir = tempDir('nadine-eval-test-');
  const file = path.join(dir, 'scenario.yaml');
  writeFileSync(file, yaml);
  mkdirSync(dir, { recursive: true });
  return loadScenario(file);
}

function options(over: Partial<RunOptions> = {}): RunOptions {
  return {
    url: null,
    prefix: 'nadine/',
    configFile: null,
    ollamaUrl: null,
    sim: null,
    chromaUrl: null,
    charsPerSecond: 200,
    detectEveryMs: 200,
    withinMs: 5_000,
    quietGraceMs: 150,
    log: silentLogger,
    ...over,
  };
}

let fake: FakeOllama | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe('the eval runner against the daemon on its defaults', () => {
  it('passes a scripted visit and fails one whose expectation is wrong, quoting what was published', async () => {
    const good = scenario(`
name: learns a name
steps:
  - detect: null
  - say: "My name is Dana."
  - expect: { user_info: { user_name: Dana }, turn: { intent.name: update_user_info }, speak: Dana }
  - detect: "@Dana"
  - say: "Hello!"
  - expect: { turn: { user_id: "@Dana" } }
`);
    const bad = scenario(`
name: expects the wrong name
steps:
  - detect: null
  - say: "My name is Dana."
  - expect: { speak: Greta, within_ms: 1500 }
  - say: "never said"
`);
    const report = await runScenarios([good, bad], options());
    expect(report).toMatchObject({ passed: 1, failed: 1, skipped: 0 });
    const [ok, failed] = report.scenarios;
    expect(ok!.passed).toBe(true);
    expect(ok!.transcript).toEqual(expect.arrayContaining([expect.stringMatching(/visitor: My name is Dana\./), expect.stringMatching(/robot: .*Dana/)]));
    expect(failed!.passed).toBe(false);
    expect(failed!.steps.map((s) => s.ok)).toEqual([true, true, false]); // it stopped at the failed step
    expect(failed!.failures).toEqual([expect.stringMatching(/^step 3 .*speak \/Greta\/: the robot said ".*Dana.*"/)]);
  }, 60_000);

  it('waits for the whole reply before the visitor speaks again, however quick the visitor', async () => {
    // The daemon sends a reply's next sentence when the body reports the last one spoken: the
    // voice is silent for that round trip. A visitor who took the silence for the end (here one
    // who waits 1 ms) would talk into the reply, and "OK" would be a backchannel with no turn.
    const quick = scenario(`
name: a visitor who answers at once
steps:
  - detect: null
  - say: "What can you do?"
  - expect: { turn: { user_text: What can you do? } }
  - say: "Is that so?"
  - expect: { turn: { user_text: Is that so? } }
`);
    const report = await runScenarios([quick], options({ quietGraceMs: 1 }));
    expect(report.scenarios[0]!.failures).toEqual([]);
    // The reply had more than one sentence, each spoken before the visitor went on.
    const transcript = report.scenarios[0]!.transcript;
    const ok = transcript.findIndex((line) => /visitor: Is that so\?/.test(line));
    expect(transcript.slice(0, ok).filter((line) => /robot: /.test(line)).length).toBeGreaterThan(1);
  }, 60_000);

  it('runs against a running daemon with --url (scenarios that need their own daemon are skipped); a bad config override is reported', async () => {
    const daemon = await startDaemon({ config: testConfig({ speech: { waitForEndSpeak: true } }), log: silentLogger, mqtt: true });
    // Session events are not the daemon's yet: another process stands in for them, so that the
    // runner's session expectations are checked against a real publisher.
    const sessions = await mqtt.connectAsync(daemon.broker!.url);
    await sessions.subscribeAsync('nadine/graph/user_detected');
    let started = false;
    sessions.on('message', () => {
      if (!started) void sessions.publishAsync('nadine/agent/state/session', JSON.stringify({ event: 'started', session_id: 's1', user_id: null }));
      started = true;
    });
    try {
      const shared = scenario(`
name: on the running daemon
steps:
  - detect: null
  - expect: { session: { event: started, session_id: "/^s1$/" } }
  - say: "Call me Maximilian."
  - expect: { user_info: { user_name: Maximilian }, first_speak_ms: 5000 }
  - leave: true
`);
      const own = scenario(`name: needs people\npeople: { alice_01: Alice }\nsteps: [ { say: hi } ]\n`);
      const memory = scenario(`name: watches memory\nsteps: [ { say: hi }, { expect: { memory_written: true } } ]\n`);
      const report = await runScenarios([shared, own, memory], options({ url: daemon.broker!.url }));
      expect(report).toMatchObject({ passed: 1, failed: 0, skipped: 2 });
      expect(report.scenarios[1]!.skipped).toMatch(/needs a daemon of its own/);
      expect(report.scenarios[2]!.skipped).toMatch(/needs a daemon of its own \(people, config or memory_written\)/);
      expect(report.scenarios[0]!.transcript).toContainEqual(expect.stringMatching(/perception: nobody/));
    } finally {
      await sessions.endAsync();
      await daemon.stop();
    }
    const broken = scenario(`name: bad override\nconfig: { engagment: { cooldownMs: 1 } }\nsteps: [ { say: hi } ]\n`);
    const report = await runScenarios([broken], options());
    expect(report.failed).toBe(1);
    expect(report.scenarios[0]!.failures).toEqual([expect.stringMatching(/^error: the daemon's configuration with the scenario's overrides is invalid:\n.*engagment/s)]);
  }, 60_000);

  it('refuses a scenario whose perception reports less often than the absence time (it would pass or fail by how long replies take)', async () => {
    const racy = scenario(`
name: perception slower than absence
config: { people: { detection: { absenceMs: 1000 } } }
steps:
  - detect: null
  - say: "Hello!"
`);
    const report = await runScenarios([racy], options({ detectEveryMs: 5_000 }));
    expect(report).toMatchObject({ passed: 0, failed: 1 });
    expect(report.scenarios[0]!.failures).toEqual([expect.stringMatching(/every 5000 ms, not more often than people\.detection\.absenceMs \(1000 ms\)/)]);
  }, 60_000);

  it('memory_written waits for the background summary of an ended visit, and fails while it is still waiting', async () => {
    const visit = (settleMs: number, withinMs: number) =>
      scenario(`
name: memory written (settle ${settleMs} ms)
people: { bob_02: Bob }
config: { memory: { settleMs: ${settleMs} } }
steps:
  - detect: bob_02
  - say: "I collect vintage electric guitars."
  - say: "Bye, see you!"
  - expect: { session: { event: end }, memory_written: true, within_ms: ${withinMs} }
`);
    // Held back for ten minutes, the summary cannot be written within the second the check waits.
    const report = await runScenarios([visit(0, 60_000), visit(600_000, 1_000)], options());
    expect(report.scenarios[0]!.failures).toEqual([]);
    expect(report.scenarios[1]!.failures).toEqual([expect.stringMatching(/memory_written: 1 conversation\(s\) or write\(s\) still waiting/)]);
  }, 120_000);

  it('a simulated visitor is skipped, saying why, without a language model', async () => {
    const s = scenario(`
name: simulated
visitor: { profile: "Greta, 70, retired teacher", objective: "The robot learns the visitor's name." }
`);
    const needy = scenario(`name: needs a model\nneeds: [language_model]\nsteps: [ { say: hi } ]\n`);
    const report = await runScenarios([s, needy], options());
    expect(report).toMatchObject({ passed: 0, failed: 0, skipped: 2 });
    expect(report.scenarios[0]!.skipped).toMatch(/simulated visitor, and no language model given/);
    expect(report.scenarios[1]!.skipped).toMatch(/needs a language model for the daemon/);
  });

  it('simulated visitors speak as their profile; the judge sees only the objective and the transcript; the report gives the pass rate', async () => {
    let visits = 0;
    const judged: ChatBody[] = [];
    fake = await startFakeOllama({
      reply: (body) => {
        const system = body.messages[0]?.content ?? '';
        if (system.startsWith(VISITOR_PROMPT_START)) {
          const said = body.messages.filter((m) => m.role === 'assistant').length;
          if (said === 0) visits++;
          return ['My name is Greta.', 'Do you remember me?', '[LEAVE]'][said] ?? '[LEAVE]';
        }
        if (system.startsWith(JUDGE_PROMPT_START)) {
          judged.push(body);
          // Yes on the first visit, no on the second: a pass rate of one half.
          return judged.length === 1 ? '{"verdict": "yes", "reason": "The robot said Greta."}' : '{"verdict": "no", "reason": "Not this time."}';
        }
        return 'unexpected';
      },
    });
    const s = scenario(`
name: simulated Greta
visitor:
  profile: "Greta, 70, a retired teacher who speaks in short sentences."
  objective: "The robot learns the visitor's name and uses it."
  max_turns: 4
  visits: 2
  min_pass_rate: 0.5
steps:
  - detect: null
`);
    const report = await runScenarios([s], options({ sim: { url: fake.url, visitor: 'qwen2.5:7b', judge: 'qwen2.5:7b', timeoutMs: 10_000 } }));
    const r = report.scenarios[0]!;
    expect(visits).toBe(2);
    expect(r.simulated).toMatchObject({ pass_rate: 0.5, min_pass_rate: 0.5 });
    expect(r.simulated!.visits.map((v) => [v.verdict, v.reason])).toEqual([
      ['yes', 'The robot said Greta.'],
      ['no', 'Not this time.'],
    ]);
    // The visitor spoke twice, then walked away; each line of the robot is what it said aloud.
    expect(r.simulated!.visits[0]!.transcript.map((l) => l.speaker)).toEqual(['visitor', 'robot', 'visitor', 'robot']);
    expect(r.simulated!.visits[0]!.transcript[1]!.message).toMatch(/Greta/);
    // The judge's prompt holds the objective and the transcript, and nothing of the profile.
    const prompt = judged[0]!.messages.map((m) => m.content).join('\n');
    expect(prompt).toMatch(/Objective: The robot learns the visitor's name and uses it\./);
    expect(prompt).toMatch(/visitor: My name is Greta\.\nrobot: .*Greta/);
    expect(prompt).not.toMatch(/retired teacher/);
    expect(report).toMatchObject({ passed: 1, failed: 0 });

    const strictFile = path.join(path.dirname(s.file), 'strict.yaml');
    writeFileSync(strictFile, `name: strict\nvisitor: { profile: "Greta", objective: "x", max_turns: 1, visits: 1, min_pass_rate: 1 }\nsteps: [ { detect: null } ]\n`);
    const strict = loadScenario(strictFile);
    judged.length = 1; // the judge says no from here on
    const failed = await runScenarios([strict], options({ sim: { url: fake.url, visitor: 'qwen2.5:7b', judge: 'qwen2.5:7b', timeoutMs: 10_000 } }));
    expect(failed.scenarios[0]!.failures).toEqual([expect.stringMatching(/^judge: 0\/1 visits met the objective .*no: Not this time\./)]);
  }, 60_000);

  it("the body answers the robot's request for a frame with the scenario's camera image", async () => {
    const frame = path.join(REPO, 'eval/scenarios/vision/frame.jpg');
    fake = await startFakeOllama({
      reply: (body) => {
        const system = body.messages[0]?.content ?? '';
        if (body.model === 'qwen2.5vl:7b') return body.messages.at(-1)?.images?.length ? 'A red mug on a desk.' : 'Nothing.';
        if (system.startsWith('You decide which tools')) return '{"steps": [{"tool": "vision", "query": "What do you see?"}]}';
        if (body.format) return '{"question": "What do you see?"}';
        // This turn's notes (what the camera showed) follow the utterance.
        const seen = /What you see: (.*?) Answer from this/.exec(body.messages.map((m) => m.content).join('\n'))?.[1];
        return seen ? `I see ${seen}` : 'Hello.';
      },
    });
    const s = scenario(`
name: sees
body: { camera: ${JSON.stringify(frame)} }
config: { dialogue: { intentThreshold: 0 }, agents: { affect: false } }
steps:
  - detect: null
  - say: "What do you see?"
  - expect: { capture: true }
  - expect: { turn: { vision.status: described }, speak: "red mug" }
`);
    const shipped = loadScenario(path.join(REPO, 'eval/scenarios/vision/capture-with-model.yaml'));
    const report = await runScenarios([s, shipped], options({ ollamaUrl: fake.url }));
    expect(report.scenarios.map((r) => r.failures)).toEqual([[], []]);
    expect(report.passed).toBe(2);
  }, 60_000);
});
