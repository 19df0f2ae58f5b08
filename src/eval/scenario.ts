import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';

/**
 * The scenario file format (eval/scenarios/*.yaml). The skeleton is fixed so that anyone can
 * write scenarios: one step is an object with one action key (detect, leave, say, expect,
 * wait_ms, publish); expectations wait on events, at most `within_ms`. Each expectation sees
 * what was published since the last action (a wait is none: what happens during it counts).
 */

/** A field check: dot paths (`intent.name`, `memories.0.type`) or nested objects; `/…/` values are regexes over the field's JSON text. */
const Fields = z.record(z.string(), z.unknown());
/** A regex source, as in `speak: "Greta"` or `speak: "/hello|hi/i"`. */
const Pattern = z.string().min(1);

const ExpectSchema = z
  .strictObject({
    /** Regex over the sentences spoken (agent/control/speak) since the last step. */
    speak: Pattern.optional(),
    /** Nothing matching was spoken since the last step (checked once the robot is quiet). */
    not_speak: Pattern.optional(),
    /** Fields of a face_recognition/user_info published since the last step. */
    user_info: Fields.optional(),
    /** No face_recognition/user_info was published since the last step (checked once quiet). */
    no_user_info: z.literal(true).optional(),
    /** Fields of the last turn event (agent/state/turn). */
    turn: Fields.optional(),
    /** Regex over the animations (agent/control/animation) since the last step. */
    animation: Pattern.optional(),
    /** No animation matching was played since the last step (checked once quiet). */
    not_animation: Pattern.optional(),
    /** Fields of the last agent/state/session event since the last step. */
    session: Fields.optional(),
    /** The robot asked perception for a frame (perception/capture_current_view) since the last step. */
    capture: z.literal(true).optional(),
    /** The robot was told to stop speaking (agent/control/stop_speaking) since the last step. */
    stop_speaking: z.literal(true).optional(),
    /** No sentence spoken since the last step is in another language (told by the robot's own line words; undecided sentences pass; checked once quiet). */
    speak_language: LanguageSchema.optional(),
    /** The robot was not told to stop speaking since the last step (checked once quiet). */
    no_stop_speaking: z.literal(true).optional(),
    /** Over the whole visit so far: exactly `count` user_info messages (matching `match`, when given). Checked once quiet. */
    user_info_count: z.strictObject({ count: z.number().int().min(0), match: Fields.optional() }).optional(),
    /** Over the whole visit so far: every user_info names one of these (nothing else reaches perception). Checked once quiet. */
    user_info_names: z.array(z.string().min(1)).optional(),
    /** Any message: topic (without the prefix) and, optionally, a regex over its payload. */
    published: z.strictObject({ topic: z.string().min(1), payload: Pattern.optional() }).optional(),
    /** Every conversation that ended so far is in memory, recallable (needs a daemon of the runner's own). */
    memory_written: z.literal(true).optional(),
    /** The first sentence came at most this long after the last `say` (or `detect`). */
    first_speak_ms: z.number().int().positive().optional(),
    /** How long to wait for the expectations (default: the runner's, 8000 ms). */
    within_ms: z.number().int().positive().optional(),
  })
  .refine((e) => Object.keys(e).some((k) => k !== 'within_ms'), { message: 'expect needs at least one check (speak, not_speak, user_info, turn, animation, session, …)' });
export type Expectation = z.infer<typeof ExpectSchema>;

const Detect = z.union([
  z.string().min(1),
  z.null(),
  z.strictObject({ id: z.string().min(1).nullable(), name: z.string().min(1).optional(), confidence: z.number().min(0).max(100).optional() }),
]);
const Say = z.union([
  z.string().min(1),
  z.strictObject({
    text: z.string().min(1),
    language: z.string().optional(),
    /** Speak at once, even while the robot is still speaking (barge-in). By default a visitor waits until the robot is quiet. */
    interrupt: z.boolean().optional(),
  }),
]);

export const StepSchema = z.union([
  z.strictObject({ detect: Detect }),
  z.strictObject({ leave: z.literal(true) }),
  z.strictObject({ say: Say }),
  z.strictObject({ expect: ExpectSchema }),
  z.strictObject({ wait_ms: z.number().int().min(0).max(600_000) }),
  z.strictObject({
    publish: z.strictObject({ topic: z.string().min(1), payload: z.unknown(), retain: z.boolean().optional() }),
  }),
]);
export type Step = z.infer<typeof StepSchema>;

/** A simulated visitor: a language model speaks as this profile; a judge decides whether the objective was met. */
export const VisitorSchema = z.strictObject({
  profile: z.string().min(1),
  objective: z.string().min(1),
  /** Utterances of the visitor, at most. */
  max_turns: z.number().int().min(1).max(20).default(4),
  /** Visits to simulate; the report gives the judge's pass rate over them. */
  visits: z.number().int().min(1).max(100).default(1),
  /** The pass rate from which the scenario counts as passed. */
  min_pass_rate: z.number().min(0).max(1).default(0.5),
});
export type Visitor = z.infer<typeof VisitorSchema>;

const ScenarioSchema = z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    /** Known before start: user_ids.json and profiles are written (id → name). */
    people: z.record(z.string().regex(/^[A-Za-z0-9_.@-]+$/, 'a user id: letters, digits, _ . @ -'), z.string().min(1)).default({}),
    /** Overrides of the daemon's configuration (only when the runner starts the daemon). */
    config: z.record(z.string(), z.unknown()).default({}),
    /** The robot body emulator. */
    body: z
      .strictObject({
        /** Speaking pace of the emulated voice: end_speak comes after length / this. */
        chars_per_second: z.number().positive().optional(),
        /** Answer capture_current_view by writing this image (path relative to the scenario file). */
        camera: z.string().nullable().optional(),
        /** Answer start_speak / end_speak at all (false: a control stack that never reports). */
        feedback: z.boolean().optional(),
      })
      .default({}),
    /** What the scenario cannot run without: `language_model` (the runner's --ollama); skipped otherwise. */
    needs: z.array(z.enum(['language_model'])).default([]),
    /** How often perception repeats a detection (ms); the runner's default when absent. */
    detect_every_ms: z.number().int().positive().optional(),
    steps: z.array(StepSchema).default([]),
    visitor: VisitorSchema.optional(),
  })
  .refine((s) => s.steps.length > 0 || s.visitor, { message: 'a scenario needs steps, a visitor, or both', path: ['steps'] });
export type Scenario = z.infer<typeof ScenarioSchema> & { file: string };

export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ScenarioFileError';
  }
}

const ACTIONS = ['detect', 'leave', 'say', 'expect', 'wait_ms', 'publish'];

type Issue = { path: PropertyKey[]; message: string; code: string };

/**
 * A value that fits none of a union's forms (`detect: { id: 5 }`) is reported by the form that got
 * furthest (the object form, at `id`), not as "Invalid input".
 */
function specific(issue: z.core.$ZodIssue, prefix: PropertyKey[]): Issue[] {
  const here = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union' || !issue.errors.length) return [{ path: here, message: issue.message, code: issue.code }];
  const depth = (alt: Issue[]) => Math.max(...alt.map((e) => e.path.length)) - (alt.some((e) => e.code === 'invalid_type' && e.path.length === here.length) ? 100 : 0);
  const alternatives = issue.errors.map((errs) => errs.flatMap((e) => specific(e, here)));
  return alternatives.reduce((best, alt) => (depth(alt) > depth(best) ? alt : best));
}

/** Names the step and the field of each problem: "step 3 (expect): turn: …". */
function describeIssues(raw: unknown, issues: z.core.$ZodIssue[]): string[] {
  const steps = (raw as { steps?: unknown[] } | null)?.steps;
  return issues.flatMap((issue) => {
    const [head, index, ...rest] = issue.path;
    if (head === 'steps' && typeof index === 'number') {
      const step = steps?.[index];
      const keys = step && typeof step === 'object' ? Object.keys(step) : [];
      const action = keys.find((k) => ACTIONS.includes(k));
      const where = `step ${index + 1}${action ? ` (${action})` : ''}`;
      // A union reports each alternative; the one of the step's action is the informative one.
      if (issue.code === 'invalid_union' && action) {
        const alt = issue.errors.find((errs) => errs.every((e) => e.path[0] === action || (e.code === 'unrecognized_keys' && e.path.length === 0)));
        if (alt) return alt.flatMap((e) => specific(e, [])).map((e) => `${where}: ${e.path.join('.') || action}: ${e.message}`);
      }
      if (issue.code === 'invalid_union') {
        return [`${where}: not a step: one of ${ACTIONS.join(', ')} is needed, found ${keys.length ? keys.join(', ') : JSON.stringify(step)}`];
      }
      return [`${where}: ${rest.join('.') || '(step)'}: ${issue.message}`];
    }
    return [`${issue.path.join('.') || '(file)'}: ${issue.message}`];
  });
}

function parseScenario(text: string, file: string): Scenario {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new ScenarioFileError(file, [`not valid YAML: ${(err as Error).message.split('\n')[0]}`]);
  }
  const result = ScenarioSchema.safeParse(raw);
  if (!result.success) throw new ScenarioFileError(file, describeIssues(raw, result.error.issues));
  return { ...result.data, file };
}

export function loadScenario(file: string): Scenario {
  return parseScenario(readFileSync(file, 'utf8'), file);
}

/** Scenario files under the given files or folders (recursively), sorted. */
export function scenarioFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else if (/\.ya?ml$/.test(p)) out.push(p);
  };
  for (const p of paths) walk(p);
  return [...new Set(out)];
}
