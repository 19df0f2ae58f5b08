import { describe, expect, it } from 'vitest';
import { ReasoningFilter, splitReasoning, type ReasoningPiece } from '../../../src/llm/reasoning.js';

/** Streams `chunks` through one filter; what would be spoken and what would be logged as reasoning. */
function run(chunks: string[]): { answer: string; reasoning: string; pieces: ReasoningPiece[] } {
  const filter = new ReasoningFilter();
  const pieces = [...chunks.flatMap((c) => filter.push(c)), ...filter.end()];
  const of = (kind: ReasoningPiece['kind']) =>
    pieces
      .filter((p) => p.kind === kind)
      .map((p) => p.text)
      .join('');
  return { answer: of('answer'), reasoning: of('reasoning'), pieces };
}

/** Every way of cutting `text` in two, and in three around each tag. */
function cuts(text: string): string[][] {
  const out: string[][] = [];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  for (let i = 1; i < text.length - 1; i++) out.push([text.slice(0, i), text.slice(i, i + 1), text.slice(i + 1)]);
  // One character per chunk: every tag is split at every position at once.
  out.push([...text]);
  return out;
}

const CASES: { name: string; text: string; answer: string; reasoning: string }[] = [
  { name: '<think> before the answer', text: '<think>The visitor greets me.</think>\n\nHello, welcome!', answer: 'Hello, welcome!', reasoning: 'The visitor greets me.' },
  { name: '<thinking> before the answer', text: '<thinking>Plan: greet.</thinking>Hi there.', answer: 'Hi there.', reasoning: 'Plan: greet.' },
  { name: 'upper-case tags', text: '<THINK>hmm</THINK>Yes.', answer: 'Yes.', reasoning: 'hmm' },
  { name: 'an answer before a think block', text: 'Sure. <think>is that right?</think>It is on floor 2.', answer: 'Sure. It is on floor 2.', reasoning: 'is that right?' },
  { name: 'a closing tag that never comes', text: 'Hi! <think>I should also mention the lift and', answer: 'Hi! ', reasoning: 'I should also mention the lift and' },
  { name: 'only a closing tag (the template opened the block)', text: 'Okay.</think>\nWelcome!', answer: 'Okay.Welcome!', reasoning: '' },
  { name: 'a "<" that is no tag', text: 'If x < 3 or <b> is <thin, fine.', answer: 'If x < 3 or <b> is <thin, fine.', reasoning: '' },
  { name: 'JSON after reasoning with braces', text: '<think>maybe {"intent": "wrong"}</think>{"intent": "first_greeting"}', answer: '{"intent": "first_greeting"}', reasoning: 'maybe {"intent": "wrong"}' },
  { name: 'no reasoning at all', text: 'Guten Tag! 你好。', answer: 'Guten Tag! 你好。', reasoning: '' },
];

describe('the reasoning filter', () => {
  for (const c of CASES) {
    it(`${c.name}: the same split wherever the stream cuts it`, () => {
      expect(splitReasoning(c.text)).toEqual({ answer: c.answer, reasoning: c.reasoning });
      for (const chunks of cuts(c.text)) {
        const got = run(chunks);
        expect({ answer: got.answer, reasoning: got.reasoning, chunks }).toEqual({ answer: c.answer, reasoning: c.reasoning, chunks });
      }
    });
  }

  it('never lets a piece of a tag out as answer text', () => {
    for (const chunks of cuts('<think>a</think>b<thinking>c</thinking>d')) {
      for (const piece of run(chunks).pieces) if (piece.kind === 'answer') expect(piece.text).not.toMatch(/[<>]/);
    }
  });

  it('holds back only what may still become a tag, and lets it go when it does not', () => {
    const filter = new ReasoningFilter();
    expect(filter.push('Hello <')).toEqual([{ kind: 'answer', text: 'Hello ' }]);
    expect(filter.push('3 people')).toEqual([{ kind: 'answer', text: '<3 people' }]);
    expect(filter.push(' <thi')).toEqual([{ kind: 'answer', text: ' ' }]);
    expect(filter.push('nk>why')).toEqual([{ kind: 'reasoning', text: 'why' }]);
    expect(filter.end()).toEqual([]);
  });

  it('gives an unfinished tag at the very end back as text of the state it was in', () => {
    expect(run(['Bye <thi'])).toMatchObject({ answer: 'Bye <thi', reasoning: '' });
    expect(run(['<think>so </thi'])).toMatchObject({ answer: '', reasoning: 'so </thi' });
  });
});
