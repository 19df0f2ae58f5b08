import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { Language } from '../config/index.js';
import { forgetRecentReadings, identifyLanguage } from '../language/index.js';
import type { Logger } from '../log/index.js';
import type { DialogueGraph } from './graph.js';
import type { DaemonPorts } from './ports.js';
import { responseMessages } from './prompt.js';
import { newSession, startTurn, TurnStateSchema } from './state.js';
import { rehearse, WARM_UP_USER, warmUpTurns } from './warm-up-turns.js';

/**
 * The first turn after start-up paid for everything done for the first time in this process:
 * the first runs of the ONNX sessions (intent model, embedder), the first knowledge and memory
 * searches, the first prompt build, the language identifier's tables and the JIT of all of it.
 * The daemon does that work once on dummy input before it says it is online, so that the first
 * visitor waits only for their own turn.
 *
 * Then, given the graph, a few whole turns run through it on read-only ports (warm-up-turns.ts),
 * so that the agents' own code is compiled before the first visitor's turn too, and once per
 * process they run again, round after round, until V8 has optimised it (`rehearse`).
 *
 * Read-only by construction: only the ports' read paths (classify, embed, search, recall), on a
 * user id nobody has, and pure functions; the turns get ports built by allow-list, with no bus,
 * no model server and no store writes. Nothing is written to the stores, the history, the bus
 * or the interaction log. A step that fails is logged and skipped: warming is an optimisation,
 * never a reason not to start.
 */

/** A greeting in each language the robot speaks: every language's tables and tokens get their first use. */
const PHRASES: Record<Language, string> = {
  en: 'Hello, where is the meeting room?',
  de: 'Hallo, wo ist der Besprechungsraum?',
  fr: 'Bonjour, où est la salle de réunion ?',
  es: 'Hola, ¿dónde está la sala de reuniones?',
  zh: '你好，会议室在哪里？',
};

export interface WarmUpStep {
  step: string;
  ms: number;
  error?: string;
  /** The turns step: how many turns ran, and the agents whose writes were refused (or that failed). */
  turns?: number;
  refused?: string[];
  /** The rehearsal step: each round's ms. */
  rounds?: number[];
}

/** The JIT's work is the process's: a second daemon in it (the eval runner starts many) finds the code optimised. */
let rehearsed = false;

export async function warmUp(ports: DaemonPorts, log: Logger, graph?: DialogueGraph): Promise<WarmUpStep[]> {
  const quiet = log.child({ component: 'warm_up' });
  const texts = Object.values(PHRASES);
  const steps: WarmUpStep[] = [];
  const step = async (name: string, work: () => unknown): Promise<void> => {
    const started = performance.now();
    try {
      await work();
      steps.push({ step: name, ms: Math.round(performance.now() - started) });
    } catch (err) {
      const error = (err as Error).message;
      steps.push({ step: name, ms: Math.round(performance.now() - started), error });
      quiet.warn({ step: name, err: error }, 'warm-up step failed; its first real use pays the cost instead');
    }
    await nextTurnOfEventLoop();
  };
  await step('language', () => texts.forEach((t) => identifyLanguage(t, ports.config.language)));
  const { intent } = ports;
  if (intent) await step('intent_model', async () => { for (const t of texts) await intent.classify(t); });
  await step('embedder', () => ports.embeddings.embed(texts));
  const { knowledge, memory } = ports;
  if (knowledge) await step('knowledge_search', () => knowledge.search(PHRASES.en, { log: quiet, language: 'en' }));
  if (memory) await step('memory_search', () => Promise.all([memory.recall(WARM_UP_USER, PHRASES.en, { log: quiet }), memory.latestEpisode(WARM_UP_USER, { log: quiet })]));
  await step('prompt', () => {
    for (const language of Object.keys(PHRASES) as Language[]) {
      const state = TurnStateSchema.parse(startTurn(newSession(language), 'warm-up', PHRASES[language], language));
      responseMessages(state, ports.config, ports.clock.now());
    }
  });
  if (graph) {
    let turns: Awaited<ReturnType<typeof warmUpTurns>> = [];
    await step('turns', async () => (turns = await warmUpTurns(graph, ports)));
    const last = steps.at(-1)!;
    last.turns = turns.length;
    last.refused = [...new Set(turns.flatMap((t) => t.failed))];
    for (const turn of turns) quiet.debug(turn, 'warm-up turn');
    if (!rehearsed && !last.error) {
      rehearsed = true;
      let rounds: number[] = [];
      // Each round reads its utterances anew: a reading remembered from the round before would not run.
      await step('rehearsal', async () => (rounds = await rehearse(() => (forgetRecentReadings(), warmUpTurns(graph, ports)))));
      steps.at(-1)!.rounds = rounds;
    }
  }
  quiet.info({ steps, ms: steps.reduce((a, s) => a + s.ms, 0) }, 'warmed up');
  return steps;
}
