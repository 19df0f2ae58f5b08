import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/config/index.js';
import { SpokenReply } from '../../../src/speech/index.js';
import { tokens } from '../../helpers/fake-ollama.js';

function reply(streaming: boolean) {
  const said: [string, Language][] = [];
  const delivery = { say: (seq: number, t: string, l: Language) => said.push([t, l]) };
  const sink = new SpokenReply({ streaming, minSentenceChars: 0, maxSentenceChars: 300, delivery, seq: 1 });
  return { sink, said };
}

describe('the spoken reply sink', () => {
  it('hands sentences on as they are written, and keeps the whole text', () => {
    const { sink, said } = reply(true);
    for (const t of tokens('Hello there. Come in, please. ')) sink.write(t, 'en');
    expect(said.map(([t]) => t)).toEqual(['Hello there.', 'Come in, please.']);
    sink.write(' Bye', 'en');
    sink.end();
    expect(said.map(([t]) => t)).toEqual(['Hello there.', 'Come in, please.', 'Bye']);
    expect(sink.text).toBe('Hello there. Come in, please. Bye');
    expect(sink.handedOn).toBe(3);
  });

  it('hands the whole reply on at its end when streaming is off', () => {
    const { sink, said } = reply(false);
    for (const t of tokens('Hello there. Come in.')) sink.write(t, 'en');
    expect(said).toEqual([]);
    sink.end();
    sink.end();
    expect(said).toEqual([['Hello there. Come in.', 'en']]);
  });

  it('splits in the language of the reply’s first text, whatever comes after', () => {
    const { sink, said } = reply(true);
    // The intent agent switched the turn to German before the reply began.
    for (const t of tokens('Das ist z.B. gut. Danke!')) sink.write(t, 'de');
    sink.end();
    expect(said).toEqual([
      ['Das ist z.B. gut.', 'de'],
      ['Danke!', 'de'],
    ]);
  });

  it('hands nothing on after it was cancelled', () => {
    const { sink, said } = reply(true);
    sink.write('One. ', 'en');
    sink.cancel();
    sink.write('Two. Three.', 'en');
    sink.end();
    expect(said.map(([t]) => t)).toEqual(['One.']);
  });
});
