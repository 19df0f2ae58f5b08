import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/config/index.js';
import { SpokenReply } from '../../../src/speech/index.js';
import { tokens } from '../../helpers/fake-ollama.js';

function reply(streaming: boolean, language: () => Language = () => 'en') {
  const said: [string, Language][] = [];
  const sink = new SpokenReply({ streaming, minSentenceChars: 0, maxSentenceChars: 300, language, say: (t, l) => said.push([t, l]) });
  return { sink, said };
}

describe('the spoken reply sink', () => {
  it('hands sentences on as they are written, and keeps the whole text', () => {
    const { sink, said } = reply(true);
    for (const t of tokens('Hello there. Come in, please. ')) sink.write(t);
    expect(said.map(([t]) => t)).toEqual(['Hello there.', 'Come in, please.']);
    sink.write(' Bye');
    sink.end();
    expect(said.map(([t]) => t)).toEqual(['Hello there.', 'Come in, please.', 'Bye']);
    expect(sink.text).toBe('Hello there. Come in, please. Bye');
    expect(sink.handedOn).toBe(3);
  });

  it('hands the whole reply on at its end when streaming is off', () => {
    const { sink, said } = reply(false);
    for (const t of tokens('Hello there. Come in.')) sink.write(t);
    expect(said).toEqual([]);
    sink.end();
    sink.end();
    expect(said).toEqual([['Hello there. Come in.', 'en']]);
  });

  it('splits in the language of the turn when the reply starts, not when the turn started', () => {
    let language: Language = 'en';
    const { sink, said } = reply(true, () => language);
    language = 'de'; // the intent agent switched it
    for (const t of tokens('Das ist z.B. gut. Danke!')) sink.write(t);
    sink.end();
    expect(said).toEqual([
      ['Das ist z.B. gut.', 'de'],
      ['Danke!', 'de'],
    ]);
  });

  it('hands nothing on after it was cancelled', () => {
    const { sink, said } = reply(true);
    sink.write('One. ');
    sink.cancel();
    sink.write('Two. Three.');
    sink.end();
    expect(said.map(([t]) => t)).toEqual(['One.']);
  });
});
