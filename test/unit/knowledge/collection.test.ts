import { describe, expect, it } from 'vitest';
import { fromHit, toRecord } from '../../../src/knowledge/index.js';

const chunk = {
  id: 'faq.md::0',
  file: 'faq.md',
  index: 0,
  headings: ['FAQ', 'Wifi'],
  text: 'The wifi is called Guest.',
  language: 'en' as const,
  section: 'faq.md#0',
  questions: [],
  embedText: 'The wifi is called Guest.',
  sha: '0'.repeat(64),
  vector: new Float32Array([1, 0]),
};

describe('knowledge hits read back from the vector store', () => {
  it('reads a record this index wrote, the same on every search, and checks a record written again anew', () => {
    const record = toRecord(chunk);
    const hit = { id: record.id, document: record.document, metadata: record.metadata, similarity: 0.9, distance: 0.1 };
    const first = fromHit(hit);
    expect(first).toEqual({ id: 'faq.md::0', file: 'faq.md', headings: ['FAQ', 'Wifi'], text: 'The wifi is called Guest.', similarity: 0.9, language: 'en' });
    // The in-process copy hands out the same metadata object each time: the same answer.
    expect(fromHit({ ...hit, similarity: 0.5 })).toEqual({ ...first, similarity: 0.5 });
    // Written again by someone else (a new object): checked, and refused when it is not this index's.
    expect(fromHit({ ...hit, metadata: { ...record.metadata, headings: 'not json' } })).toBeNull();
    expect(fromHit({ ...hit, metadata: { chunk: 0 } })).toBeNull();
    expect(fromHit({ ...hit, document: '' })).toBeNull();
  });
});
