import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { TurnEvent } from '../bus/index.js';
import type { HealthReport } from '../health/index.js';
import type { LlmCallRecord } from '../llm/index.js';

export interface MetricSources {
  health(): HealthReport;
  /** Vector writes waiting in the outbox for ChromaDB. */
  outboxPending(): number;
}

// Seconds: turns take from tens of milliseconds (offline) to tens of seconds (a cold model).
const TURN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
const AGENT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];
const RANK = { ok: 0, warming: 0.5, degraded: 1, down: 2 } as const;

/**
 * Prometheus metrics. Label values are only names the daemon itself defines (agents, models,
 * topics, intents, components), never anything a person said or is called.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #turn: Histogram<'intent' | 'language'>;
  readonly #agent: Histogram<'agent'>;
  readonly #calls: Counter<'agent' | 'model' | 'backend'>;
  readonly #errors: Counter<'agent' | 'model' | 'kind'>;
  readonly #tokens: Counter<'agent' | 'model' | 'type'>;
  readonly #callSeconds: Histogram<'agent' | 'model'>;
  readonly #alerts: Counter<'kind'>;

  constructor(sources: () => MetricSources | null) {
    const registers = [this.registry];
    const histogram = <L extends string>(name: string, help: string, labelNames: L[], buckets: number[]) =>
      new Histogram<L>({ name, help, labelNames, buckets, registers });
    const counter = <L extends string>(name: string, help: string, labelNames: L[]) => new Counter<L>({ name, help, labelNames, registers });
    this.#turn = histogram('nadine_turn_duration_seconds', 'Wall time of a turn, from the utterance to its turn event', ['intent', 'language'], TURN_BUCKETS);
    this.#agent = histogram('nadine_agent_duration_seconds', 'Wall time of each agent run in a turn', ['agent'], AGENT_BUCKETS);
    this.#callSeconds = histogram('nadine_model_call_duration_seconds', 'Wall time of a language model call', ['agent', 'model'], AGENT_BUCKETS);
    this.#calls = counter('nadine_model_calls_total', 'Language model calls', ['agent', 'model', 'backend']);
    this.#errors = counter('nadine_model_errors_total', 'Language model calls that failed or gave unreadable output', ['agent', 'model', 'kind']);
    this.#alerts = counter('nadine_alerts_total', 'Staff alerts raised (not counting republications of an unacknowledged one), by kind', ['kind']);
    this.#tokens = counter('nadine_model_tokens_total', 'Tokens as the model server counted them', ['agent', 'model', 'type']);

    // Counted where they happen (src/health); read when scraped.
    const counters = () => sources()?.health().counters ?? {};
    const byTopic = (name: string, help: string, counter: string) =>
      new Counter({
        name,
        help,
        labelNames: ['topic'],
        registers,
        collect() {
          this.reset();
          for (const [key, n] of Object.entries(counters())) if (key.startsWith(`${counter}.`)) this.inc({ topic: key.slice(counter.length + 1) }, n);
        },
      });
    byTopic('nadine_invalid_payloads_total', 'Inbound MQTT payloads dropped as invalid, by topic', 'invalid_payloads');
    byTopic('nadine_late_utterances_total', 'Utterances not answered because they were heard longer ago than mqtt.maxSpeechAgeMs, by topic', 'late_utterances');
    byTopic('nadine_duplicate_messages_total', 'Inbound MQTT redeliveries of a message already handled, dropped, by topic', 'duplicate_messages');
    byTopic('nadine_superseded_messages_total', 'Inbound MQTT messages of a backlog replaced by a newer one of the same topic (detections), by topic', 'superseded_messages');
    const fromHealth = (name: string, help: string, counter: string) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(counters()[counter] ?? 0);
        },
      });
    fromHealth('nadine_barge_ins_total', 'Replies cut short by a newer utterance', 'barge_ins');
    fromHealth('nadine_dropped_utterances_total', 'Utterances dropped because too many were waiting', 'dropped_utterances');
    fromHealth('nadine_interaction_log_dropped_total', 'Interaction log lines lost (disk full or too slow)', 'interaction_log_dropped');
    new Gauge({
      name: 'nadine_outbox_pending',
      help: 'Vector store writes queued in the outbox, waiting for ChromaDB',
      registers,
      collect() {
        this.set(sources()?.outboxPending() ?? 0);
      },
    });
    new Gauge({
      name: 'nadine_component_status',
      help: 'Each component: 0 ok, 0.5 warming (getting ready for its first use), 1 degraded (on a fallback), 2 down',
      labelNames: ['component'],
      registers,
      collect() {
        this.reset();
        for (const [component, h] of Object.entries(sources()?.health().components ?? {})) this.set({ component }, RANK[h.status]);
      },
    });
  }

  /** Node process metrics (CPU, memory, event loop lag, GC): only when something can scrape them. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry, prefix: 'nadine_' });
  }

  /** A staff alert was raised (a republication does not count again). */
  alert(kind: string): void {
    this.#alerts.inc({ kind });
  }

  turn(event: TurnEvent): void {
    const total = event.timings_ms.total;
    if (total !== undefined) this.#turn.observe({ intent: event.intent.name, language: event.language }, total / 1000);
    for (const span of event.spans ?? []) this.#agent.observe({ agent: span.agent }, span.ms / 1000);
  }

  modelCall(r: LlmCallRecord): void {
    const labels = { agent: r.agent, model: r.model };
    this.#calls.inc({ ...labels, backend: r.backend });
    this.#callSeconds.observe(labels, r.ms / 1000);
    if (r.error) this.#errors.inc({ ...labels, kind: r.error.kind });
    else if (r.parse_error !== undefined) this.#errors.inc({ ...labels, kind: 'invalid_output' });
    if (r.tokens.prompt !== null) this.#tokens.inc({ ...labels, type: 'prompt' }, r.tokens.prompt);
    if (r.tokens.completion !== null) this.#tokens.inc({ ...labels, type: 'completion' }, r.tokens.completion);
  }
}
