import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../src/config/index.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { estimateSpeechMs, SpeechDelivery, type SpeechItem } from '../../../src/speech/index.js';
import { testConfig } from '../../helpers/config.js';

function delivery(speech: Partial<Config['speech']> = {}, feedback = true) {
  const config = { ...testConfig().speech, ...speech };
  const said: SpeechItem[] = [];
  const stops: string[] = [];
  const health = new Health();
  const d = new SpeechDelivery({
    config,
    feedback,
    out: { speak: (item) => void said.push(item), stop: (cut) => void stops.push(cut.turnId) },
    log: silentLogger,
    health,
  });
  const texts = () => said.map((s) => s.text);
  return { d, said, texts, stops, health, config };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('speech delivery', () => {
  it('hands one sentence at a time to the speech stack, the next on end_speak', () => {
    const { d, texts } = delivery();
    const seq = d.begin('t1');
    for (const s of ['One.', 'Two.', 'Three.']) d.say(seq, s, 'en');
    d.end(seq);
    expect(texts()).toEqual(['One.']);
    d.started();
    expect(texts()).toEqual(['One.']);
    d.finished();
    expect(texts()).toEqual(['One.', 'Two.']);
    d.started();
    d.finished();
    d.started();
    d.finished();
    expect(texts()).toEqual(['One.', 'Two.', 'Three.']);
    expect(d.busy).toBe(false);
  });

  it('keeps replies in order, with ids and indexes per reply', () => {
    const { d, said } = delivery();
    const a = d.begin('a');
    const b = d.begin('b', 'hermes-session');
    d.say(a, 'A1.', 'en');
    d.say(b, 'B1.', 'de');
    d.say(a, 'A2.', 'en');
    for (let i = 0; i < 3; i++) d.finished();
    expect(said.map((s) => [s.id, s.index, s.language, s.sessionId])).toEqual([
      ['a.0', 0, 'en', null],
      ['b.0', 0, 'de', 'hermes-session'],
      ['a.1', 1, 'en', null],
    ]);
  });

  it('sends everything at once when the control stack queues itself (waitForEndSpeak: false)', () => {
    const { d, texts } = delivery({ waitForEndSpeak: false });
    const seq = d.begin('t');
    for (const s of ['One.', 'Two.', 'Three.']) d.say(seq, s, 'en');
    expect(texts()).toEqual(['One.', 'Two.', 'Three.']);
    expect(d.busy).toBe(true); // still being spoken, as far as the feedback says
    d.finished();
    d.finished();
    d.finished();
    expect(d.busy).toBe(false);
  });

  it('takes a sentence as said when end_speak never comes: estimated time, plus the start time-out until start_speak', () => {
    const { d, texts, health, config } = delivery();
    const seq = d.begin('t');
    d.say(seq, 'A sentence of some length, to be spoken by the robot.', 'en');
    d.say(seq, 'Next.', 'en');
    const estimate = estimateSpeechMs('A sentence of some length, to be spoken by the robot.', config.timeouts);
    vi.advanceTimersByTime(estimate + config.timeouts.startMs - 1);
    expect(texts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(texts()).toHaveLength(2);
    expect(health.counter('speech_end_timeouts')).toBe(1);
    expect(health.counter('speech_start_missing')).toBe(1);
    // Started: only the speaking time is left.
    d.started();
    vi.advanceTimersByTime(estimateSpeechMs('Next.', config.timeouts));
    expect(d.busy).toBe(false);
    expect(health.get('speech')?.status).toBe('degraded'); // two in a row without end_speak
    const seq2 = d.begin('t2');
    d.say(seq2, 'Again.', 'en');
    d.started();
    d.finished();
    expect(health.get('speech')?.status).toBe('ok');
  });

  it('estimates speaking time from the text, between the floor and the cap', () => {
    const t = testConfig().speech.timeouts;
    expect(estimateSpeechMs('Hi.', t)).toBe(t.minMs);
    expect(estimateSpeechMs('x'.repeat(100_000), t)).toBe(t.maxMs);
    const latin = estimateSpeechMs('a'.repeat(60), t);
    expect(latin).toBeCloseTo((60 / t.charsPerSecond) * 1000 * t.factor, -1);
    expect(estimateSpeechMs('会'.repeat(20), t)).toBe(latin); // a CJK character counts as three
  });

  it('ignores feedback that is not for the sentence in flight', () => {
    const { d, texts } = delivery();
    d.finished(); // nothing in flight
    d.started();
    const seq = d.begin('t');
    d.say(seq, 'One.', 'en');
    d.say(seq, 'Two.', 'en');
    d.started();
    d.finished();
    expect(texts()).toEqual(['One.', 'Two.']);
    d.finished(); // before "Two." started, from a stack that sends start_speak: stale
    expect(texts()).toEqual(['One.', 'Two.']);
    expect(d.busy).toBe(true);
    d.finished('t.7'); // an id that is not in flight
    expect(d.busy).toBe(true);
    d.finished('t.1'); // Hermes: by id
    expect(d.busy).toBe(false);
  });

  it('counts a sentence whose end_speak was lost as said when the next one starts', () => {
    const { d, texts } = delivery({ waitForEndSpeak: false });
    const seq = d.begin('t');
    d.say(seq, 'One.', 'en');
    d.say(seq, 'Two.', 'en');
    d.started();
    d.started(); // "Two." started: "One." is over
    d.finished();
    expect(texts()).toEqual(['One.', 'Two.']);
    expect(d.busy).toBe(false);
  });

  it('on interrupt: drops the queue, stops the stack, and says what was said', () => {
    const { d, texts, stops } = delivery();
    const seq = d.begin('t');
    for (const s of ['One.', 'Two.', 'Three.', 'Four.']) d.say(seq, s, 'en');
    d.started();
    d.finished();
    d.started(); // "Two." is being spoken
    expect(d.interrupt()).toEqual([{ turnId: 't', seq, spoken: ['One.', 'Two.'], dropped: 2 }]);
    expect(stops).toEqual(['t']);
    expect(d.busy).toBe(false);
    // Late sentences of the cancelled reply are refused, and feedback for them ignored.
    expect(d.say(seq, 'Five.', 'en')).toBe(false);
    d.finished();
    expect(texts()).toEqual(['One.', 'Two.']);
  });

  it('does not count a sentence handed over but not started as said, when the stack reports starts', () => {
    const { d } = delivery();
    const first = d.begin('t0');
    d.say(first, 'Earlier.', 'en');
    d.started();
    d.finished();
    d.end(first);
    const seq = d.begin('t');
    d.say(seq, 'One.', 'en');
    expect(d.interrupt()).toEqual([{ turnId: 't', seq, spoken: [], dropped: 1 }]);
  });

  it('counts the sentence in flight as said when the stack never reports starts (Hermes)', () => {
    const { d } = delivery();
    const seq = d.begin('t');
    d.say(seq, 'One.', 'en');
    d.say(seq, 'Two.', 'en');
    expect(d.interrupt()).toEqual([{ turnId: 't', seq, spoken: ['One.'], dropped: 1 }]);
  });

  it('says nothing to the stack when nothing is being spoken', () => {
    const { d, stops } = delivery();
    const seq = d.begin('t');
    expect(d.interrupt()).toEqual([{ turnId: 't', seq, spoken: [], dropped: 0 }]);
    expect(stops).toEqual([]);
  });

  it('without a speech stack (console), handing over is saying', () => {
    const { d, texts, stops } = delivery({}, false);
    const seq = d.begin('t');
    d.say(seq, 'One.', 'en');
    d.say(seq, 'Two.', 'en');
    expect(texts()).toEqual(['One.', 'Two.']);
    expect(d.busy).toBe(false);
    expect(d.interrupt()).toEqual([{ turnId: 't', seq, spoken: ['One.', 'Two.'], dropped: 0 }]);
    expect(stops).toEqual([]);
  });
});
