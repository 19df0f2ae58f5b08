import { describe, expect, it } from 'vitest';
import { decideUpdate, resolveName, type UpdateInput } from '../../../src/people/index.js';

const known = [{ user_id: 'chen_01', user_name: '陈静怡' }];
const thresholds = { high: 0.9, low: 0.6 };

function pending(given: string) {
  const match = resolveName(given, known, thresholds);
  if (match.kind !== 'ambiguous') throw new Error(`"${given}" is not ambiguous`);
  return { given_name: given, candidates: match.candidates, facts: {} };
}

const input = (over: Partial<UpdateInput>): UpdateInput => ({
  user: { user_id: null, user_name: null },
  pending: pending('陈静宜'),
  statedName: null,
  facts: {},
  answer: 'unclear',
  known,
  thresholds,
  ...over,
});

/** "Is your name 陈静怡?" — "食堂开门了吗？": a question back is no answer; the robot answers it and asks again. */
describe('a question instead of an answer to "Is your name …?"', () => {
  it('keeps the question pending, about the same person', () => {
    const plan = decideUpdate(input({ asksSomethingElse: true }));
    expect(plan).toMatchObject({ kind: 'ask', confirmation: { given_name: '陈静宜', candidates: [{ user_id: 'chen_01' }] } });
  });

  it('a statement with no answer in it still settles the name as given', () => {
    expect(decideUpdate(input({ asksSomethingElse: false }))).toMatchObject({ kind: 'create', name: '陈静宜' });
  });

  it('a yes or a name with the question still counts', () => {
    expect(decideUpdate(input({ asksSomethingElse: true, answer: 'yes' }))).toMatchObject({ kind: 'link', status: 'confirmed' });
    expect(decideUpdate(input({ asksSomethingElse: true, answer: 'no' }))).toMatchObject({ kind: 'create', name: '陈静宜' });
  });
});
