import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusReports } from '../../../src/bus/index.js';
import { Health, type HealthReport } from '../../../src/health/index.js';

describe('StatusReports: when the retained status is republished', () => {
  let health: Health;
  let published: HealthReport[];
  beforeEach(() => {
    vi.useFakeTimers();
    health = new Health();
    published = [];
    const status = new StatusReports((report) => published.push(report), 1_000);
    health.on('change', (report) => status.report(report));
  });
  afterEach(() => vi.useRealTimers());

  it('publishes the first report and every change of state at once', () => {
    health.set('mqtt', 'ok', 'connected');
    health.set('llm', 'degraded', 'no language model');
    health.set('llm', 'ok', 'ollama');
    expect(published.map((r) => r.components.llm?.status ?? null)).toEqual([null, 'degraded', 'ok']);
  });

  it('coalesces changes of detail alone into one report, the latest, after the delay', () => {
    health.set('memory', 'ok', '0 conversation(s) waiting');
    health.set('memory', 'ok', '1 conversation(s) waiting');
    health.set('memory', 'ok', '0 conversation(s) waiting');
    health.set('memory', 'ok', '2 conversation(s) waiting');
    expect(published).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(published).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(published.map((r) => r.components.memory!.detail)).toEqual(['0 conversation(s) waiting', '2 conversation(s) waiting']);
    vi.advanceTimersByTime(5_000);
    expect(published).toHaveLength(2);
  });

  it('a change of state publishes at once and carries the pending detail with it', () => {
    health.set('memory', 'ok', 'idle');
    health.set('memory', 'ok', '1 conversation(s) waiting');
    health.set('mqtt', 'down', 'disconnected');
    expect(published).toHaveLength(2);
    expect(published[1]!.components.memory!.detail).toBe('1 conversation(s) waiting');
    vi.advanceTimersByTime(2_000);
    expect(published).toHaveLength(2);
  });

  it('a component that appears is a change of state', () => {
    health.set('mqtt', 'ok', 'connected');
    health.set('visual_memory', 'ok', 'clip');
    expect(published).toHaveLength(2);
  });
});
