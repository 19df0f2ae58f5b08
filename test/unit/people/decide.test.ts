import { describe, expect, it } from 'vitest';
import { decideUpdate, resolveName, type NameConfirmation, type SessionUser, type UpdateInput } from '../../../src/people/index.js';

const known = [
  { user_id: 'alice_01', user_name: 'Alice' },
  { user_id: 'alina_02', user_name: 'Alina' },
  { user_id: 'john_03', user_name: 'John' },
];
const thresholds = { high: 0.9, low: 0.6 };
const anonymous: SessionUser = { user_id: null, user_name: null };

function input(over: Partial<UpdateInput>): UpdateInput {
  return { user: anonymous, pending: null, statedName: null, facts: {}, answer: 'unclear', known, thresholds, ...over };
}

/** The pending question after "I'm Alicea": Alice first, then Alina. */
function pendingFor(given: string): NameConfirmation {
  const match = resolveName(given, known, thresholds);
  if (match.kind !== 'ambiguous') throw new Error(`"${given}" is not ambiguous`);
  return { given_name: given, candidates: match.candidates, facts: {} };
}

describe('a name told without a pending question', () => {
  it('strong match: links to the existing user', () => {
    expect(decideUpdate(input({ statedName: 'alice' }))).toMatchObject({ kind: 'link', status: 'matched', user: { user_id: 'alice_01', score: 1 } });
  });

  it('ambiguous: asks about the best candidate and saves nothing', () => {
    const plan = decideUpdate(input({ statedName: 'Alicea', facts: { current_company: 'Acme' } }));
    expect(plan).toMatchObject({ kind: 'ask', confirmation: { given_name: 'Alicea', facts: { current_company: 'Acme' } } });
    if (plan.kind === 'ask') expect(plan.confirmation.candidates.map((c) => c.user_id)).toEqual(['alice_01', 'alina_02']);
  });

  it('no match: a new user under that name', () => {
    expect(decideUpdate(input({ statedName: 'Bartholomew' }))).toEqual({ kind: 'create', name: 'Bartholomew', facts: {} });
  });

  it('without a name: only facts, whoever the person is', () => {
    expect(decideUpdate(input({ facts: { location: 'Paris' } }))).toEqual({ kind: 'facts', facts: { location: 'Paris' } });
  });

  it('the current person saying their own name again changes nothing', () => {
    const alice: SessionUser = { user_id: 'alice_01', user_name: 'Alice' };
    expect(decideUpdate(input({ user: alice, statedName: 'ALICE', facts: { location: 'Bern' } }))).toEqual({ kind: 'facts', facts: { location: 'Bern' } });
  });

  it('someone recognised as Alice who says another name is resolved anew, without taking Alice’s facts along', () => {
    const alice: SessionUser = { user_id: 'alice_01', user_name: 'Alice', current_company: 'Alice Corp' };
    expect(decideUpdate(input({ user: alice, statedName: 'Bartholomew', facts: { location: 'Rome' } }))).toEqual({
      kind: 'create',
      name: 'Bartholomew',
      facts: { location: 'Rome' },
    });
  });

  it('facts told while still anonymous go with the person once their name is settled', () => {
    const stranger: SessionUser = { user_id: null, user_name: null, current_company: 'Acme', hobbies: ['chess'] };
    expect(decideUpdate(input({ user: stranger, statedName: 'Bartholomew', facts: { hobbies: ['Chess', 'golf'] } }))).toEqual({
      kind: 'create',
      name: 'Bartholomew',
      facts: { current_company: 'Acme', hobbies: ['chess', 'golf'] },
    });
  });
});

describe('the answer to "Is your name Alice?"', () => {
  const pending = pendingFor('Alicea');

  it('yes: adopts the candidate asked about', () => {
    expect(decideUpdate(input({ pending, answer: 'yes' }))).toMatchObject({ kind: 'link', status: 'confirmed', user: { user_id: 'alice_01' } });
  });

  it('the candidate’s name said back counts as yes ("It’s Alice")', () => {
    expect(decideUpdate(input({ pending, statedName: 'Alice' }))).toMatchObject({ kind: 'link', user: { user_id: 'alice_01' } });
  });

  it('a clearly different name: a new profile under that name, without asking again', () => {
    expect(decideUpdate(input({ pending, answer: 'no', statedName: 'Alicia Smith' }))).toEqual({ kind: 'create', name: 'Alicia Smith', facts: {} });
    // even a name that would be ambiguous again is not asked about twice
    expect(decideUpdate(input({ pending, answer: 'no', statedName: 'Jon' }))).toMatchObject({ kind: 'create', name: 'Jon' });
  });

  it('a different name that is exactly someone known links to them', () => {
    expect(decideUpdate(input({ pending, answer: 'no', statedName: 'John' }))).toMatchObject({ kind: 'link', status: 'matched', user: { user_id: 'john_03' } });
  });

  it('a plain no with two candidates: asks about the next one', () => {
    const plan = decideUpdate(input({ pending, answer: 'no' }));
    expect(plan).toMatchObject({ kind: 'ask', confirmation: { given_name: 'Alicea' } });
    if (plan.kind === 'ask') expect(plan.confirmation.candidates.map((c) => c.user_id)).toEqual(['alina_02']);
  });

  it('a plain no with one candidate left: the name as given becomes a new user', () => {
    const last = { ...pending, candidates: pending.candidates.slice(1) };
    expect(decideUpdate(input({ pending: last, answer: 'no' }))).toEqual({ kind: 'create', name: 'Alicea', facts: {} });
  });

  it('an unclear answer is not a confirmation', () => {
    expect(decideUpdate(input({ pending, answer: 'unclear' }))).toMatchObject({ kind: 'ask' });
    const last = { ...pending, candidates: pending.candidates.slice(1) };
    expect(decideUpdate(input({ pending: last, answer: 'unclear' }))).toMatchObject({ kind: 'create', name: 'Alicea' });
  });

  it('a different name wins over a "yes" said with it', () => {
    expect(decideUpdate(input({ pending, answer: 'yes', statedName: 'Bartholomew' }))).toMatchObject({ kind: 'create', name: 'Bartholomew' });
  });

  it('keeps the facts told before and during the question', () => {
    const withFacts = { ...pending, facts: { current_company: 'Acme' } };
    expect(decideUpdate(input({ pending: withFacts, answer: 'yes', facts: { location: 'Oslo' } }))).toMatchObject({
      kind: 'link',
      facts: { current_company: 'Acme', location: 'Oslo' },
    });
  });

  it('a candidate forgotten since the question is not adopted', () => {
    const withoutAlice = known.filter((k) => k.user_id !== 'alice_01');
    const plan = decideUpdate(input({ pending, answer: 'yes', known: withoutAlice }));
    expect(plan).toMatchObject({ kind: 'ask', confirmation: { candidates: [{ user_id: 'alina_02' }] } });
    expect(decideUpdate(input({ pending, answer: 'yes', known: [] }))).toEqual({ kind: 'create', name: 'Alicea', facts: {} });
  });
});
