import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { VolatileAffect } from '../affect/index.js';
import type { Language } from '../config/index.js';
import { turnLanguage } from '../language/index.js';
import { LlmError, type LanguageModel } from '../llm/index.js';
import { silentLogger } from '../log/index.js';
import { SpokenReply } from '../speech/index.js';
import type { VectorStore } from '../vectors/index.js';
import { runGraph } from './engine.js';
import type { DialogueGraph } from './graph.js';
import type { DaemonPorts, Ports } from './ports.js';
import { newSession, startTurn, type ChatMessage } from './state.js';

/**
 * The turns a fresh daemon runs before anyone speaks, so that the graph's agents (their code, the
 * engine, the zod schemas of their inputs and patches) are compiled by V8 before the first
 * visitor's turn rather than during it: a greeting, an introduction with a name and an employer,
 * a question, its follow-up and a farewell in English, one conversation (the paths that read the
 * history run: whether an utterance leans on it, the robot's last question; on the bench's visit
 * the rules of "does this lean on the history?" took 2-3 ms in the first turns that had one, as
 * V8 ran their patterns for the first time); the greeting and the introduction in the other
 * languages (each language's lexicons, phrase rules and sentence splitting get their first use;
 * the paths of a question and a farewell are the same in every language, and the start-up waits
 * for all of it: twelve turns took 1-3 s on a loaded 2-core machine).
 */
const TURNS: Record<Language, string[]> = {
  en: ['Hello!', 'My name is Ada and I work as an engineer at Acme.', 'Where is the meeting room?', 'Is it far from here?', "I'm a bit nervous, do you remember me?", 'Thank you, goodbye!'],
  de: ['Hallo!', 'Ich heiße Ada und arbeite als Ingenieurin bei Acme.'],
  fr: ['Bonjour !', "Je m'appelle Ada et je travaille comme ingénieure chez Acme."],
  es: ['¡Hola!', 'Me llamo Ada y trabajo como ingeniera en Acme.'],
  zh: ['你好！', '我叫艾达，在Acme当工程师。'],
};

/**
 * From the third English turn on, the person is known (a user id nobody has, as the port warm-up
 * uses): the paths of a known visitor (their memories and scenes recalled, "do you remember me?"
 * classified) run too, more than once each, as V8 compiles a pattern to machine code only on its
 * second run. The introduction's turn stays anonymous: that path is the one of a new visitor.
 */
const KNOWN_FROM = 2;
/** A user id no person can have (ids are generated), for the read-only memory searches. */
export const WARM_UP_USER = '__warm_up__';
const WARM_UP_PERSON = { user_id: WARM_UP_USER, user_name: 'Ada' };

/** What a warm-up turn's reply model "says": the reply path (streaming into the sink) runs; nothing is asked of a server. */
const WARM_UP_REPLY = ['Hello, ', 'nice to meet you. ', 'How can I help?'];

/** Thrown by whatever a warm-up turn tries to write: the agent's patch or effect is dropped, as the engine drops any failure. */
export class WarmUpWriteRefused extends LlmError {
  constructor(what: string) {
    super('disabled', `warm-up: ${what} is refused (a warm-up turn writes nothing)`);
  }
}

/**
 * A language model that calls no server: offered to the agents the real one serves now (so the
 * warm-up takes the paths the first turn will), the reply streams a fixed line, structured calls
 * fail at once (the agents take their fallback, as on a model error). No call record is made, so
 * nothing reaches the interaction log.
 */
function warmUpModel(real: LanguageModel): LanguageModel {
  const refuse = () => Promise.reject(new WarmUpWriteRefused('a model call'));
  return {
    available: (agent) => real.available(agent),
    multimodal: () => false,
    async *stream() {
      yield* WARM_UP_REPLY;
    },
    complete: async () => WARM_UP_REPLY.join(''),
    json: refuse,
    health: () => real.health(),
  };
}

/** Every method throws: agents reach the vector store through memory and knowledge, never directly. */
const refusedVectors = new Proxy({} as VectorStore, {
  get: (_, key) => () => {
    throw new WarmUpWriteRefused(`vectors.${String(key)}`);
  },
});

/**
 * The daemon's ports with every write taken away, for one warm-up turn. Built by allow-list:
 * each port is a new object with only the reads of the real one, and writes that either do
 * nothing (a profile "saved" is only previewed, the robot's feelings go to a throw-away copy) or
 * throw. The bus (perception, the camera, the reply's voice), web search, the interaction log and
 * the model servers are not reachable from here at all.
 */
export function readOnlyPorts(ports: DaemonPorts, turnId: string): Ports {
  const { people, memory, alerts, knowledge, visualMemory } = ports;
  const now = ports.clock.now();
  return {
    config: ports.config,
    clock: ports.clock,
    llm: warmUpModel(ports.llm),
    intent: ports.intent,
    embeddings: ports.embeddings,
    perception: { userSettled: () => undefined, requestCapture: () => false },
    camera: null,
    search: null,
    visualMemory: visualMemory && { recall: (u, t, c) => visualMemory.recall(u, t, c), imageBase64: (p) => visualMemory.imageBase64(p) },
    affect: new VolatileAffect(ports.affect.params, ports.affect.current(now)),
    vectors: refusedVectors,
    people: {
      knownUsers: () => people.knownUsers(),
      load: (id) => people.load(id),
      preview: (identity, facts) => people.preview(identity, facts),
      newId: (name) => people.newId(name),
      save: (identity, facts) => people.preview(identity, facts),
      rename: (identity, facts) => people.preview(identity, facts),
      create: (name, facts) => people.preview({ user_id: people.newId(name), user_name: name }, facts),
    },
    memory: memory && {
      recall: (u, t, o) => memory.recall(u, t, o),
      latestEpisode: (u, o) => memory.latestEpisode(u, o),
      remember: () => Promise.reject(new WarmUpWriteRefused('memory.remember')),
      // The rehearsal's people are no one: nothing of theirs is worth copying in.
      prepare: () => undefined,
    },
    knowledge: knowledge && { search: (q, c) => knowledge.search(q, c), topics: (n) => knowledge.topics(n) },
    alerts: alerts && { history: () => ({ valences: [], abusive: 0, staff: null }), report: () => null },
    sessionId: null,
    turnId,
    // Agents that fail on a refused write log an error: expected here, and counted in the summary instead.
    log: silentLogger,
    signal: new AbortController().signal,
    reply: silentReply(ports),
    metrics: { model: () => undefined },
  };
}

/**
 * The reply sink of a warm-up turn: the real sentence splitting of a spoken reply (its first use
 * in each language was part of the first visitor's wait), handed to nobody.
 */
function silentReply(ports: DaemonPorts): Ports['reply'] {
  const { speech } = ports.config;
  const reply = new SpokenReply({ streaming: true, minSentenceChars: speech.minSentenceChars, maxSentenceChars: speech.maxSentenceChars, delivery: { say: () => undefined }, seq: 0 });
  return { write: (text, language) => reply.write(text, language), end: () => reply.end(), gesture: () => undefined };
}

export interface WarmUpTurn {
  language: Language;
  text: string;
  /** The agents that ran, in order. */
  agents: string[];
  /** Agents whose patch or effect failed (a refused write, usually). */
  failed: string[];
  ms: number;
}

/** Runs the warm-up turns through `graph`, each on a fresh anonymous session and its own read-only ports. */
export async function warmUpTurns(graph: DialogueGraph, ports: DaemonPorts): Promise<WarmUpTurn[]> {
  const done: WarmUpTurn[] = [];
  for (const [language, texts] of Object.entries(TURNS) as [Language, string[]][]) {
    // The English turns are one conversation: each has the ones before it as its history.
    let history: ChatMessage[] = [];
    for (const [i, text] of texts.entries()) {
      const turnId = `warm-up-${language}-${i}`;
      const started = performance.now();
      const session = { ...newSession(language, language === 'en' && i >= KNOWN_FROM ? WARM_UP_PERSON : undefined), messages: history };
      // The turn's language as a real turn finds it (turns.ts): that code is the turn's too.
      const said = turnLanguage(text, null, language, history.length > 0);
      const run = await runGraph(graph, startTurn(session, turnId, text, said), readOnlyPorts(ports, turnId));
      if (language === 'en') history = [...run.state.messages, { role: 'assistant', content: run.state.final_message || WARM_UP_REPLY.join('') }];
      done.push({ language, text, agents: run.spans.map((s) => s.agent), failed: run.errors.map((e) => e.agent), ms: Math.round(performance.now() - started) });
      // A turn's awaits mostly resolve at once (read-only ports, no model server), so without this
      // the whole warm-up would hold the event loop: 1-6 s in which nothing else this process
      // runs gets a timer or a message (another daemon's visit, in the eval runner).
      await nextTurnOfEventLoop();
    }
  }
  return done;
}

interface RehearsalLimits {
  minRounds: number;
  maxRounds: number;
  /** Past this much time, no further round starts (a slow computer). */
  budgetMs: number;
}

/**
 * Half a second to a second on this 2-core machine, paid once per process: after 8-10 rounds a
 * round of the warm-up turns took half the time of the second one (123 → 62 ms), and on the
 * bench's visit the daemon's own time per turn fell by a sixth (six and twenty rounds gave the
 * same). Round times vary by a fifth from one to the next, so progress is judged over several.
 */
const REHEARSAL: RehearsalLimits = { minRounds: 6, maxRounds: 12, budgetMs: 3_000 };
/** A round less than this much faster than the fastest before it is no progress. */
const PROGRESS = 0.97;
/** Rounds in a row without progress after which the code is taken as settled. */
const SETTLED_AFTER = 3;

/**
 * The warm-up turns again (`round`), round after round, until a round is no longer faster. One
 * round compiles the turn's code to bytecode; V8 optimises a function to machine code only once
 * it has run many times, so after one round a visitor's turn still ran the alert rules, the intent
 * features, the name rules and the schemas' checks mostly unoptimised (the alert rules alone took
 * 1-5 ms per utterance, 0.3 ms optimised). Returns each round's ms.
 */
export async function rehearse(round: () => Promise<unknown>, limits: RehearsalLimits = REHEARSAL, now: () => number = () => performance.now()): Promise<number[]> {
  const rounds: number[] = [];
  const started = now();
  let best = Number.POSITIVE_INFINITY;
  let idle = 0;
  while (rounds.length < limits.maxRounds && now() - started < limits.budgetMs) {
    const began = now();
    await round();
    const ms = now() - began;
    rounds.push(Math.round(ms));
    idle = ms < best * PROGRESS ? 0 : idle + 1;
    best = Math.min(best, ms);
    if (rounds.length >= limits.minRounds && idle >= SETTLED_AFTER) break;
  }
  return rounds;
}
