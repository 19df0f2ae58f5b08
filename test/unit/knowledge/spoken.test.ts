import { describe, expect, it } from 'vitest';
import { answerExcerpt } from '../../../src/knowledge/index.js';

const CANNOT =
  'I cannot walk around, pick things up, browse the internet, make phone calls or take payments. I cannot see you unless you are in front of my camera. My answers about the world outside my knowledge may be incomplete, so please check anything important with a person.';

describe('the sentences of a section that answer a question', () => {
  it('speaks the sentence that shares the question’s words, not the section’s beginning', () => {
    expect(answerExcerpt(CANNOT, 'Can you see me from over there?', 'en')).toBe('I cannot see you unless you are in front of my camera.');
    expect(answerExcerpt(CANNOT, 'Can you take payments?', 'en')).toBe('I cannot walk around, pick things up, browse the internet, make phone calls or take payments.');
  });

  it('a question that shares no words gets the beginning, within the length', () => {
    const said = answerExcerpt(CANNOT, 'What can you do?', 'en', 200);
    expect(said.startsWith('I cannot walk around')).toBe(true);
    expect(said.length).toBeLessThanOrEqual(200);
  });

  it('works for Chinese sentences', () => {
    expect(answerExcerpt('我不能四处走动，也不能收款。如果你不在我的摄像头前面，我就看不到你。', '你能收款吗？', 'zh')).toBe('我不能四处走动，也不能收款。');
  });
});
