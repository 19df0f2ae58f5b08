import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AlertDesk, AlertsConfigSchema, failedToHelp, sameQuestion, type Alert } from '../../../src/alerts/index.js';
import { silentLogger } from '../../../src/log/index.js';

const desk = (over: Record<string, unknown> = {}) => new AlertDesk({ config: AlertsConfigSchema.parse(over), log: silentLogger, now: () => new Date() });
const turn = (raise: { kind: 'emergency' | 'help_requested' | 'distress' | 'abuse'; reason: string } | null, session = 'visit-1') => ({
  session_id: session,
  user_id: 'maria-1',
  text: 'I think I am having a heart attack',
  valence: -0.9,
  abusive: false,
  raise,
});

describe('the staff desk', () => {
  it('raises an alert once per kind and visit, and again in another visit', () => {
    const d = desk();
    const published: Alert[] = [];
    d.on('alert', (a) => published.push(a));
    expect(d.report(turn({ kind: 'emergency', reason: 'said "heart attack"' }))?.severity).toBe('critical');
    expect(d.report(turn({ kind: 'emergency', reason: 'again' }))).toBeNull();
    expect(d.report(turn({ kind: 'help_requested', reason: 'asked for a person' }))?.severity).toBe('high');
    expect(d.report(turn({ kind: 'emergency', reason: 'another visitor' }, 'visit-2'))).not.toBeNull();
    expect(published.map((a) => a.kind)).toEqual(['emergency', 'help_requested', 'emergency']);
    d.close();
  });

  it('keeps the open request for a person in the visit history until the visit ends', () => {
    const d = desk();
    const alert = d.report(turn({ kind: 'help_requested', reason: 'asked' }))!;
    expect(d.history('visit-1').staff).toEqual({ kind: 'help_requested', acknowledged: false });
    expect(d.acknowledge({ alert_id: alert.alert_id, by: 'Sam' })).toBe(true);
    expect(d.history('visit-1').staff).toEqual({ kind: 'help_requested', acknowledged: true });
    d.visitEnded('visit-1');
    expect(d.history('visit-1').staff).toBeNull();
    d.close();
  });

  it('takes an acknowledgement once (a second is a no-op) and refuses an unknown alert', () => {
    const d = desk();
    const acks: string[] = [];
    d.on('acknowledged', (r) => acks.push(r.acknowledged_by!));
    const alert = d.report(turn({ kind: 'emergency', reason: 'x' }))!;
    expect(d.acknowledge({ alert_id: alert.alert_id, by: 'Sam' })).toBe(true);
    expect(d.acknowledge({ alert_id: alert.alert_id, by: 'Kim' })).toBe(true);
    expect(d.acknowledge({ alert_id: 'nope', by: 'Sam' })).toBe(false);
    expect(acks).toEqual(['Sam']);
    expect(d.list()[0]).toMatchObject({ acknowledged_by: 'Sam' });
    d.close();
  });

  it('publishes an unacknowledged alert again, one severity higher, up to the limit', async () => {
    const d = desk({ escalateAfterMs: 5, maxEscalations: 2 });
    const first = d.report(turn({ kind: 'distress', reason: 'x' }))!;
    expect(first.severity).toBe('medium');
    const [second] = (await once(d, 'alert')) as [Alert];
    expect(second).toMatchObject({ alert_id: first.alert_id, severity: 'high', escalation: 1 });
    const [third] = (await once(d, 'alert')) as [Alert];
    expect(third).toMatchObject({ severity: 'critical', escalation: 2 });
    d.close();
  });

  it('stops escalating once acknowledged', async () => {
    const d = desk({ escalateAfterMs: 20 });
    const alert = d.report(turn({ kind: 'abuse', reason: 'x' }))!;
    d.acknowledge({ alert_id: alert.alert_id, by: 'Sam' });
    const other = d.report(turn({ kind: 'distress', reason: 'y' }))!;
    // The distress alert escalates; the acknowledged abuse alert never does.
    const [escalated] = (await once(d, 'alert')) as [Alert];
    expect(escalated.alert_id).toBe(other.alert_id);
    d.close();
  });

  it('raises stuck after three failures to help in a visit', () => {
    const d = desk();
    const finished = (user_text: string, reply: string) => d.turnDone({ session_id: 'v', user_id: null, user_text, reply });
    expect(finished('Where is the cafeteria of the south campus?', "I'm sorry, I don't know that.")).toBeNull();
    expect(finished('What is the wifi password for guests?', 'Welcome! The code is on the card.')).toBeNull();
    expect(finished('What is the wifi password for guests please?', 'Please ask at the desk.')).toBeNull(); // asked again: 2
    const stuck = finished('Wo ist die Kantine?', 'Das weiß ich leider nicht.');
    expect(stuck).toMatchObject({ kind: 'stuck', severity: 'low' });
    d.close();
  });

  it('forgets the alerts about a person', () => {
    const d = desk();
    d.report(turn({ kind: 'emergency', reason: 'x' }));
    expect(d.traces('maria-1')).toHaveLength(1);
    expect(d.forget('maria-1')).toEqual(['1 alert(s)']);
    expect(d.list()).toEqual([]);
    d.close();
  });
});

describe('failing to help', () => {
  it.each([
    ["I'm sorry, I can't answer that properly right now.", true],
    ["I'd love to answer that, but my language model isn't available right now.", true],
    ['Das weiß ich leider nicht.', true],
    ['Je ne sais pas.', true],
    ['No lo sé.', true],
    ['我不知道。', true],
    ["I'm so sorry to hear that.", false],
    ['The cafeteria is on the ground floor.', false],
  ])('%s → %s', (reply, failed) => expect(failedToHelp(reply)).toBe(failed));

  it('tells the same question asked again from a different one', () => {
    expect(sameQuestion('Where is the cafeteria?', 'where is the cafeteria')).toBe(true);
    expect(sameQuestion('Where is the cafeteria?', 'Where is the library?')).toBe(false);
    expect(sameQuestion('Yes', 'Yes')).toBe(false);
  });
});
