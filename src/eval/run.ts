import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../log/index.js';
import { startEvalDaemon, type EvalDaemon } from './daemon.js';
import { ModelShelf } from '../shared-models.js';
import { KnowledgeSeed } from './knowledge-seed.js';
import type { Scenario, Step } from './scenario.js';
import { judge, simulationAvailable, visitorSays, type SimLine, type SimModels, type Verdict } from './simulate.js';
import { Stage } from './stage.js';
import { StepRunner, type StepResult } from './steps.js';

export interface RunOptions {
  /** A running daemon's broker (scenarios then share it; those needing their own daemon are skipped). */
  url: string | null;
  prefix: string;
  configFile: string | null;
  /** The daemon's language model (null: none, the offline paths). */
  ollamaUrl: string | null;
  /** Visitor and judge models; null: simulated scenarios are skipped. */
  sim: SimModels | null;
  chromaUrl: string | null;
  charsPerSecond: number;
  detectEveryMs: number;
  withinMs: number;
  quietGraceMs: number;
  log: Logger;
  /** Run every step of a scenario even after a failed one, and decide a failing check once the robot has answered (generated visits). */
  keepGoing?: boolean;
  /** Scenarios run at once, each on its own daemon (default 1). */
  jobs?: number;
  /** Called after each scenario (progress on the console). */
  onScenario?: (report: ScenarioReport) => void;
}

export interface VisitReport {
  verdict: Verdict['verdict'];
  reason: string;
  transcript: SimLine[];
  failures: string[];
}

export interface ScenarioReport {
  name: string;
  file: string;
  passed: boolean;
  /** Why the scenario did not run (then `passed` is false and it counts neither way). */
  skipped: string | null;
  ms: number;
  steps: { index: number; step: string; ok: boolean; ms: number; failures: string[] }[];
  transcript: string[];
  failures: string[];
  simulated: { visits: VisitReport[]; pass_rate: number; min_pass_rate: number } | null;
}

export interface EvalReport {
  passed: number;
  failed: number;
  skipped: number;
  ms: number;
  scenarios: ScenarioReport[];
}

/** What the daemons of one run share (see KnowledgeSeed and ModelShelf): nothing of any visitor's. */
interface Shared {
  knowledge: KnowledgeSeed;
  models: ModelShelf;
}

const stepText = (step: Step) => {
  const [k, v] = Object.entries(step)[0]!;
  return `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`;
};

/** One visit: a daemon (its own, or the running one), the stage around it, the scripted steps, then the simulated visitor. */
async function visit(scenario: Scenario, options: RunOptions, simulate: boolean, shared: Shared | null): Promise<{ steps: StepResult[]; transcript: string[]; sim: VisitReport | null; failures: string[] }> {
  let own: EvalDaemon | null = null;
  let stage: Stage | null = null;
  try {
    if (!options.url) {
      own = await startEvalDaemon({ configFile: options.configFile, overrides: scenario.config, ollamaUrl: options.ollamaUrl, chromaUrl: options.chromaUrl, people: scenario.people, log: options.log, ...(shared && { knowledgeSeed: shared.knowledge, shelf: shared.models }) });
      // A robot is talked to once it is up: its knowledge indexed, its vector store reachable.
      const ready = Date.now();
      await waitUntil(() => own!.daemon.vectors.store.status().reachable, 30_000);
      const knowledge = own.daemon.knowledge?.ready();
      if (knowledge) await waitUntil(() => settled(knowledge), 30_000 - (Date.now() - ready));
      // Only an index of the embedded defaults: a scenario's own knowledge or embedder would be indexed again by every other visit.
      if (knowledge && settled(knowledge) && Object.keys(scenario.config).length === 0) shared?.knowledge.keep(own.config);
    }
    const detectEveryMs = scenario.detect_every_ms ?? options.detectEveryMs;
    // Between two reports the visitor would be taken for gone, and the visit would pass or fail by
    // how long the robot's replies took to say (a race that load decides).
    const absenceMs = own?.config.people.detection.absenceMs;
    if (absenceMs !== undefined && detectEveryMs >= absenceMs) {
      return { steps: [], transcript: [], sim: null, failures: [`perception reports every ${detectEveryMs} ms, not more often than people.detection.absenceMs (${absenceMs} ms): set detect_every_ms below it`] };
    }
    const camera = scenario.body.camera === undefined ? null : scenario.body.camera;
    stage = await Stage.open({
      url: own?.url ?? options.url!,
      prefix: own?.config.mqtt.prefix ?? options.prefix,
      charsPerSecond: scenario.body.chars_per_second ?? options.charsPerSecond,
      feedback: scenario.body.feedback ?? true,
      cameraFrame: camera ? readFileSync(path.resolve(path.dirname(scenario.file), camera)) : null,
      detectEveryMs,
    });
    const runner = new StepRunner(stage, scenario, { withinMs: options.withinMs, quietGraceMs: options.quietGraceMs, maxWaitQuietMs: 30_000, keepGoing: options.keepGoing ?? false, decideOnceAnswered: options.keepGoing ?? false, ...(own?.daemon.memory && { memoryWaiting: () => own!.daemon.memory!.waiting() }) });
    const steps = await runner.run();
    let sim: VisitReport | null = null;
    if (simulate && scenario.visitor && options.sim && steps.every((s) => s.ok)) sim = await simulatedVisit(runner, scenario, options.sim);
    stage.stopDetecting();
    return { steps, transcript: runner.transcript(), sim, failures: [] };
  } catch (err) {
    return { steps: [], transcript: [], sim: null, failures: [`error: ${(err as Error).message}`] };
  } finally {
    await stage?.close().catch(() => {});
    await own?.stop().catch(() => {});
  }
}

async function simulatedVisit(runner: StepRunner, scenario: Scenario, models: SimModels): Promise<VisitReport> {
  const visitor = scenario.visitor!;
  const transcript: SimLine[] = [];
  try {
    for (let i = 0; i < visitor.max_turns; i++) {
      const text = await visitorSays(models, visitor, transcript);
      if (text === null) break;
      transcript.push({ speaker: 'visitor', message: text });
      transcript.push({ speaker: 'robot', message: (await runner.converse(text)) || '(says nothing)' });
    }
    const verdict = await judge(models, visitor.objective, transcript);
    return { ...verdict, transcript, failures: [] };
  } catch (err) {
    return { verdict: 'no', reason: 'the simulation failed', transcript, failures: [`simulation: ${(err as Error).message}`] };
  }
}

const done = new WeakSet<Promise<unknown>>();
function settled(p: Promise<unknown>): boolean {
  p.then(() => done.add(p), () => done.add(p));
  return done.has(p);
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

export async function runScenario(scenario: Scenario, options: RunOptions, simSkip: string | null, shared: Shared | null = null): Promise<ScenarioReport> {
  const started = performance.now();
  const base = { name: scenario.name, file: scenario.file, steps: [], transcript: [], failures: [], simulated: null };
  const watchesMemory = scenario.steps.some((s) => 'expect' in s && s.expect.memory_written);
  const needsOwn = Object.keys(scenario.people).length > 0 || Object.keys(scenario.config).length > 0 || watchesMemory;
  if (options.url && needsOwn) return { ...base, passed: false, skipped: 'needs a daemon of its own (people, config or memory_written): run without --url', ms: 0 };
  if (scenario.needs.includes('language_model') && !options.ollamaUrl) {
    return { ...base, passed: false, skipped: 'needs a language model for the daemon: pass --ollama URL where Ollama runs', ms: 0 };
  }
  if (scenario.visitor && simSkip) {
    return { ...base, passed: false, skipped: `simulated visitor, and ${simSkip}: pass --ollama URL where Ollama runs`, ms: 0 };
  }
  const visits = scenario.visitor?.visits ?? 1;
  const reports: VisitReport[] = [];
  let first: Awaited<ReturnType<typeof visit>> | null = null;
  for (let i = 0; i < visits; i++) {
    const v = await visit(scenario, options, true, shared);
    first ??= v;
    if (v.sim) reports.push(v.sim);
    if (v.failures.length || v.steps.some((s) => !s.ok)) {
      first = v;
      break;
    }
  }
  const steps = first!.steps.map((s) => ({ index: s.index, step: stepText(s.step), ok: s.ok, ms: s.ms, failures: s.failures }));
  const failures = [...first!.failures, ...steps.flatMap((s) => s.failures.map((f) => `step ${s.index} (${s.step.slice(0, 60)}): ${f}`))];
  let simulated: ScenarioReport['simulated'] = null;
  if (scenario.visitor && !failures.length) {
    const yes = reports.filter((r) => r.verdict === 'yes').length;
    simulated = { visits: reports, pass_rate: reports.length ? yes / reports.length : 0, min_pass_rate: scenario.visitor.min_pass_rate };
    failures.push(...reports.flatMap((r) => r.failures));
    if (simulated.pass_rate < simulated.min_pass_rate) {
      failures.push(`judge: ${yes}/${reports.length} visits met the objective (pass rate ${simulated.pass_rate.toFixed(2)} < ${simulated.min_pass_rate}); reasons: ${reports.map((r) => `${r.verdict}: ${r.reason}`).join(' | ')}`);
    }
  }
  return { ...base, passed: failures.length === 0, skipped: null, ms: Math.round(performance.now() - started), steps, transcript: first!.transcript, failures, simulated };
}

export async function runScenarios(scenarios: readonly Scenario[], options: RunOptions): Promise<EvalReport> {
  const started = performance.now();
  const simSkip = scenarios.some((s) => s.visitor) ? (options.sim ? await simulationAvailable(options.sim) : 'no language model given') : null;
  const reports: ScenarioReport[] = new Array(scenarios.length);
  // With --url the scenarios share one daemon: one at a time.
  const jobs = options.url ? 1 : Math.max(1, Math.min(options.jobs ?? 1, scenarios.length));
  // What every visit's daemon would compute the same at its start: computed once for the run.
  const shared: Shared | null = options.url ? null : { knowledge: new KnowledgeSeed(), models: new ModelShelf() };
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const i = next++;
      reports[i] = await runScenario(scenarios[i]!, options, simSkip, shared);
      options.onScenario?.(reports[i]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: jobs }, worker));
  } finally {
    shared?.knowledge.remove();
  }
  return {
    passed: reports.filter((r) => r.passed).length,
    failed: reports.filter((r) => !r.passed && !r.skipped).length,
    skipped: reports.filter((r) => r.skipped).length,
    ms: Math.round(performance.now() - started),
    scenarios: reports,
  };
}
