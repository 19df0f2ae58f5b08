import { describe, expect, it } from 'vitest';
import { profileConsolidationAgent } from '../../../../src/dialogue/agents/profile-consolidation.js';
import { defineGraph, END, newSession, runGraph, startTurn, step, type ChatMessage, type Ports, type TurnState } from '../../../../src/dialogue/index.js';
import { applyFacts, newProfile, type ProfileStore } from '../../../../src/people/index.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';

const at = (iso: string) => new Date(iso);

/** A conversation in which the person said `said`, one turn each, the robot answering each. */
function conversation(said: string[]): ChatMessage[] {
  return said.flatMap((content) => [
    { role: 'user' as const, content },
    { role: 'assistant' as const, content: 'I see.' },
  ]);
}

/** The state of the turn the agent is due on: the last of `said` is this turn's utterance. */
function dueTurn(said: string[], user: TurnState['user_info'], unseen: number): TurnState {
  const history = conversation(said.slice(0, -1));
  const session = { ...newSession('en', user), messages: history, conversation_id: 'c-1', turn_number: said.length - 1 };
  return { ...startTurn(session, 't', said.at(-1)!, null), unseen_turns: unseen };
}

describe('a profile keeps when a single value changed', () => {
  it('supersedes a stale value with the newer one and records the change with its time; a respelling is no change', () => {
    const before = applyFacts(newProfile({ user_id: 'greta_01', user_name: 'Greta' }), { location: 'Berlin', hobbies: ['chess'] }, at('2026-01-01T00:00:00Z'));
    expect(before.fact_changes).toBeUndefined();
    const moved = applyFacts(before, { location: 'Oslo', hobbies: ['sailing'] }, at('2026-06-01T00:00:00Z'));
    expect(moved).toMatchObject({ location: 'Oslo', hobbies: ['chess', 'sailing'] });
    expect(moved.fact_changes).toEqual([{ field: 'location', from: 'Berlin', to: 'Oslo', changed_at: '2026-06-01T00:00:00.000Z' }]);
    expect(applyFacts(moved, { location: 'oslo' }, at('2026-07-01T00:00:00Z')).fact_changes).toHaveLength(1);
  });

  it('keeps the latest changes only, so the shared file stays small', () => {
    let profile = newProfile({ user_id: 'greta_01', user_name: 'Greta' });
    // 24 changes of company; the profile keeps the last 20.
    for (let i = 0; i < 25; i++) profile = applyFacts(profile, { current_company: `Company ${i}` }, at('2026-01-01T00:00:00Z'));
    expect(profile.fact_changes).toHaveLength(20);
    expect(profile.fact_changes![0]).toMatchObject({ from: 'Company 4', to: 'Company 5' });
    expect(profile.fact_changes!.at(-1)).toMatchObject({ from: 'Company 23', to: 'Company 24' });
  });
});

describe('the profile_consolidation agent', () => {
  it('reads only the turns it has not seen, a later statement winning', async () => {
    const said = ['I live in Paris.', 'Where is the exit? I live in Oslo now.', 'I work at Acme.', 'Actually I work at Initech these days.'];
    const stranger = { user_id: null, user_name: null };
    const learnt = async (unseen: number) => (await step(profileConsolidationAgent, dueTurn(said, stranger, unseen), turnPorts(testConfig()))).user_info;
    expect(await learnt(4)).toEqual({ ...stranger, location: 'Oslo', current_company: 'Initech' });
    // The first two turns were consolidated before: what was said there is not read again.
    expect(await learnt(2)).toEqual({ ...stranger, current_company: 'Initech' });
    expect(await learnt(0)).toBeUndefined();
  });

  it('runs every fourth of the person’s turns in the engine, on the four turns since its last run', async () => {
    const graph = defineGraph({ start: 'consolidate', nodes: { consolidate: profileConsolidationAgent }, edges: { consolidate: END } });
    const said = ['I live in Paris.', 'I work at Acme.', 'I love hiking.', 'What time is it?', 'I live in Oslo now.', 'Thanks.', 'Bye for now?', 'I love sailing.'];
    const learnt: (TurnState['user_info'] | null)[] = [];
    for (let n = 1; n <= said.length; n++) {
      const state = { ...dueTurn(said.slice(0, n), { user_id: null, user_name: null }, 0), intent: 'continue_conversation' as const };
      const run = await runGraph(graph, state, turnPorts(testConfig()) as Ports);
      learnt.push(run.path.length ? run.state.user_info : null);
    }
    expect(learnt.map((u) => u !== null)).toEqual([false, false, false, true, false, false, false, true]);
    expect(learnt[3]).toMatchObject({ location: 'Paris', current_company: 'Acme', hobbies: ['hiking'] });
    expect(learnt[7]).toMatchObject({ location: 'Oslo', hobbies: ['sailing'] });
    expect(learnt[7]).not.toHaveProperty('current_company');
  });

  it('merges what a known person said in passing into their profile, superseding the stale value', async () => {
    const ports = turnPorts(testConfig());
    const store = ports.people as ProfileStore;
    store.save({ user_id: 'greta_01', user_name: 'Greta' }, { location: 'Berlin', hobbies: ['chess'] });
    const greta = { user_id: 'greta_01', user_name: 'Greta', location: 'Berlin', hobbies: ['chess'] };
    const said = ['What can you do?', 'Nice. By the way, I live in Oslo now.', 'Tell me a joke.', 'Haha. I love sailing, do you?'];
    const patch = await step(profileConsolidationAgent, dueTurn(said, greta, 4), ports);
    expect(patch.user_info).toMatchObject({ user_id: 'greta_01', location: 'Oslo', hobbies: ['chess', 'sailing'] });
    await store.flush();
    const read = store.read('greta_01');
    expect(read.status).toBe('ok');
    const profile = read.status === 'ok' ? read.profile : null;
    expect(profile).toMatchObject({ location: 'Oslo', hobbies: ['chess', 'sailing'] });
    expect(profile!.fact_changes).toEqual([expect.objectContaining({ field: 'location', from: 'Berlin', to: 'Oslo' })]);
  });

  it('keeps the facts of someone whose name is not settled in the session, and writes nothing', async () => {
    const ports = turnPorts(testConfig());
    const store = ports.people as ProfileStore;
    const stranger = { user_id: null, user_name: null };
    const patch = await step(profileConsolidationAgent, dueTurn(['Hi.', 'I work at Acme.'], stranger, 2), ports);
    expect(patch.user_info).toMatchObject({ user_id: null, current_company: 'Acme' });
    await store.flush();
    expect(store.knownUsers()).toEqual([]);
  });

  it('changes nothing when nothing was said about the person', async () => {
    const ports = turnPorts(testConfig());
    const greta = { user_id: 'greta_01', user_name: 'Greta' };
    expect(await step(profileConsolidationAgent, dueTurn(['What time is it?', 'Thanks!'], greta, 2), ports)).toEqual({});
  });
});
