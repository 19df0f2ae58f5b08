import { describe, expect, it } from 'vitest';
import { AlertDesk, type Alert } from '../../../../src/alerts/index.js';
import { alertsAgent } from '../../../../src/dialogue/agents/alerts.js';
import { responseAgent } from '../../../../src/dialogue/agents/response.js';
import { newSession, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';

const config = testConfig({ alerts: { distressTurns: 2, abuseCount: 2 } });
const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en', { user_id: 'maria-1', user_name: 'Maria' }), 't', text, null), ...patch });

function robot() {
  const desk = new AlertDesk({ config: config.alerts, log: silentLogger, now: () => new Date() });
  const published: Alert[] = [];
  desk.on('alert', (a) => published.push(a));
  const ports = (extra = {}) => turnPorts(config, { alerts: desk, sessionId: 'visit-1', ...extra });
  return { desk, published, ports };
}

describe('the alerts agent', () => {
  it('raises an emergency at once and the reply says a person is coming, with no small talk', async () => {
    const { published, ports } = robot();
    const patch = await step(alertsAgent, turn('Please call an ambulance, my husband collapsed'), ports());
    expect(patch.alert).toMatchObject({ kind: 'emergency' });
    expect(patch.staff).toEqual({ kind: 'emergency', fresh: true, acknowledged: false });
    expect(patch.visitor!.valence).toBeLessThan(-0.5);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ kind: 'emergency', severity: 'critical', session_id: 'visit-1', user_id: 'maria-1' });
    const p = ports();
    await step(responseAgent, turn('Please call an ambulance', { staff: patch.staff!, language: 'de' }), p);
    expect(p.reply.text).toMatch(/^Ich hole sofort Hilfe/);
  });

  it('asks a pending "Is your name …?" again after promising a person, never in an emergency', async () => {
    const { ports } = robot();
    const asking = { name_resolution: { status: 'asking' as const, candidate: { user_id: 'matthieu_1', user_name: 'Matthieu', score: 0.8 } }, user_info: { user_id: null, user_name: null } };
    for (const language of ['en', 'fr', 'zh'] as const) {
      const p = ports();
      await step(responseAgent, turn("où est l'accueil", { ...asking, language, staff: { kind: 'help_requested', fresh: true, acknowledged: false } }), p);
      expect(p.reply.text, language).toContain('Matthieu');
    }
    const p = ports();
    await step(responseAgent, turn('Call an ambulance', { ...asking, staff: { kind: 'emergency', fresh: true, acknowledged: false } }), p);
    expect(p.reply.text).not.toContain('Matthieu');
  });

  it('stays with the visitor on the next turns, and lets them go on a goodbye', async () => {
    const { ports } = robot();
    await step(alertsAgent, turn('I want to speak to a human'), ports());
    const next = await step(alertsAgent, turn('How is the weather today?'), ports());
    expect(next.alert).toBeNull();
    expect(next.staff).toEqual({ kind: 'help_requested', fresh: false, acknowledged: false });
    const bye = await step(alertsAgent, turn('Okay, goodbye', { intent: 'end_conversation' }), ports());
    expect(bye.staff).toBeNull();
  });

  it('raises distress only when the visitor stays down, and abuse only when insults repeat', async () => {
    const { published, ports } = robot();
    expect((await step(alertsAgent, turn("I'm so scared, I don't know what to do"), ports())).alert).toBeNull();
    expect((await step(alertsAgent, turn("I can't take this anymore"), ports())).alert).toMatchObject({ kind: 'distress' });
    expect((await step(alertsAgent, turn('You are a stupid robot'), ports())).alert).toBeNull();
    expect((await step(alertsAgent, turn('Shut up, you useless machine'), ports())).alert).toMatchObject({ kind: 'abuse' });
    expect(published.map((a) => a.kind)).toEqual(['distress', 'abuse']);
  });

  it('never raises anything for idioms, stories and hypotheticals', async () => {
    const { published, ports } = robot();
    for (const text of ['This heat is killing me', 'I could murder a coffee', 'My phone died', 'In the film the hero has a heart attack', 'Can you help me find room 3?', 'What should I do if there is a fire?']) {
      expect((await step(alertsAgent, turn(text), ports())).alert, text).toBeNull();
    }
    expect(published).toEqual([]);
  });

  it('does nothing without a desk (agents.alerts off)', async () => {
    expect(await step(alertsAgent, turn('Help!'), turnPorts(config, { alerts: null }))).toEqual({});
  });
});
