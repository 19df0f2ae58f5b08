import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/config/index.js';
import { joinSentences, SentenceSplitter } from '../../../src/speech/index.js';
import { tokens } from '../../helpers/fake-ollama.js';

/** Feeds text in the given pieces; returns the sentences, and after which piece each came out. */
function split(pieces: string[], language: Language = 'en', options: { minChars?: number; maxChars?: number } = {}) {
  const splitter = new SentenceSplitter({ language, ...options });
  const sentences: string[] = [];
  const at: number[] = [];
  pieces.forEach((piece, i) => {
    for (const s of splitter.push(piece)) {
      sentences.push(s);
      at.push(i);
    }
  });
  sentences.push(...splitter.flush());
  return { sentences, at };
}

/** Sentence ends without their final marks and closers: see the character-by-character case below. */
const withoutEndMarks = (sentences: string[]) => sentences.map((s) => s.replace(/[.!?…。！？"'”’»」』)）\]]+$/u, ''));

describe('the sentence splitter', () => {
  // The fourth element marks texts whose character-by-character stream ends a sentence early by
  // design: "Well." and "anna." look complete until the next character comes (eager ends).
  const cases: [Language, string, string[], 'eager-early'?][] = [
    ['en', 'Hello there. How are you?', ['Hello there.', 'How are you?']],
    ['en', 'I met Mr. Smith and Dr. Brown today. They were nice.', ['I met Mr. Smith and Dr. Brown today.', 'They were nice.']],
    ['en', 'Bring snacks, e.g. apples or nuts. Thanks!', ['Bring snacks, e.g. apples or nuts.', 'Thanks!']],
    ['en', 'Pi is 3.14 and it costs 1,000.50 dollars. Version 2.0 is out.', ['Pi is 3.14 and it costs 1,000.50 dollars.', 'Version 2.0 is out.']],
    ['en', 'Well... I am not sure... maybe. Yes.', ['Well...', 'I am not sure... maybe.', 'Yes.'], 'eager-early'],
    ['en', 'He said "I agree." (That was new.) Then he left.', ['He said "I agree."', '(That was new.)', 'Then he left.']],
    ['en', 'Write to anna.lee@example.com or visit https://example.com/a.b?x=1 now. Bye!', ['Write to anna.lee@example.com or visit https://example.com/a.b?x=1 now.', 'Bye!'], 'eager-early'],
    ['en', 'The book is by J. R. R. Tolkien. Read it.', ['The book is by J. R. R. Tolkien.', 'Read it.']],
    ['en', 'We sell apples, pears etc. The shop opens at 9 a.m. tomorrow.', ['We sell apples, pears etc.', 'The shop opens at 9 a.m. tomorrow.']],
    ['en', 'Really?! Yes!', ['Really?!', 'Yes!']],
    ['en', 'First line\n\nSecond line.', ['First line', 'Second line.']],
    ['en', 'Two ways:\n1. Turn left.\n2. Take the lift.', ['Two ways:\n1. Turn left.', '2. Take the lift.']],
    ['en', 'I have 3. Then I had 4.', ['I have 3.', 'Then I had 4.']],
    ['de', 'Das ist z.B. ein Test. Herr Dr. Müller kommt am 3. Mai usw. Danke!', ['Das ist z.B. ein Test.', 'Herr Dr. Müller kommt am 3. Mai usw.', 'Danke!']],
    ['de', 'Der Raum ist im 2. Stock. Bis gleich!', ['Der Raum ist im 2. Stock.', 'Bis gleich!']],
    ['fr', 'Bonjour M. Dupont. Mme. Martin arrive, c.-à-d. bientôt. Merci !', ['Bonjour M. Dupont.', 'Mme. Martin arrive, c.-à-d. bientôt.', 'Merci !']],
    ['es', 'Hola, Sra. García. ¿Cómo está? ¡Muy bien!', ['Hola, Sra. García.', '¿Cómo está?', '¡Muy bien!']],
    // A question quoted inside a sentence is no sentence end: the robot quoting an example asks nothing.
    ['fr', 'Je demande, par exemple « Tu t’appelles Maria ? ». Réponds oui.', ['Je demande, par exemple « Tu t’appelles Maria ? ».', 'Réponds oui.']],
    ['fr', 'Il a dit « Bonjour ! Ça va ? » et il est parti. Voilà.', ['Il a dit « Bonjour ! Ça va ? » et il est parti.', 'Voilà.']],
    ['en', 'Say “Is it Maria? Or Marie?” and I check. Then answer.', ['Say “Is it Maria? Or Marie?” and I check.', 'Then answer.']],
    ['de', 'Ich frage zum Beispiel „Heißt du Maria?“ und warte. Dann antwortest du.', ['Ich frage zum Beispiel „Heißt du Maria?“ und warte.', 'Dann antwortest du.']],
    ['es', 'Pregunto, por ejemplo, «¿Te llamas María?», y espero. Luego respondes.', ['Pregunto, por ejemplo, «¿Te llamas María?», y espero.', 'Luego respondes.']],
    // Chinese has no capitals to tell: a quotation closed after its mark ends the sentence, as before.
    ['zh', '我会问「你是玛丽亚吗？」然后等你回答。好吗？', ['我会问「你是玛丽亚吗？」', '然后等你回答。', '好吗？']],
    ['zh', '你好。我很好！你呢？', ['你好。', '我很好！', '你呢？']],
    ['zh', '他说：“好的。”然后走了。版本2.0发布了吗?发布了。', ['他说：“好的。”', '然后走了。', '版本2.0发布了吗?', '发布了。']],
  ];
  for (const [language, text, expected, charwise] of cases) {
    it(`splits ${JSON.stringify(text)} (${language}) the same however it is streamed`, () => {
      expect(split([text], language).sentences).toEqual(expected);
      expect(split(tokens(text), language).sentences).toEqual(expected);
      // One character at a time, a closing quote or a second mark that comes alone after an eager
      // end is not spoken (the sentence is already out); the ends themselves are the same.
      if (charwise !== 'eager-early') expect(withoutEndMarks(split([...text], language).sentences)).toEqual(withoutEndMarks(expected));
    });
  }

  it('ends a sentence as soon as its period arrives, without waiting for the next token', () => {
    const { sentences, at } = split(['Sure', ',', ' the', ' room', ' is', ' upstairs', '.', ' Take', ' the', ' lift', '.']);
    expect(sentences).toEqual(['Sure, the room is upstairs.', 'Take the lift.']);
    expect(at).toEqual([6, 10]);
  });

  it('waits for the next characters when the word before a period could go on', () => {
    for (const [pieces, waitsUntil] of [
      [['Call', ' Dr', '.', ' Brown', ' now', '.'], 5],
      [['It', ' costs', ' 3', '.', '50', ' euros', '.'], 6],
      [['Visit', ' example', '.com', '.', ' It', ' helps', '.'], 4],
      [['Hmm', '...', ' Okay', '.'], 2],
    ] as const) {
      const { at } = split([...pieces]);
      expect(at[0], pieces.join('')).toBe(waitsUntil);
    }
  });

  it('keeps a closing quote or a doubled mark that arrives after an eager end off the next sentence', () => {
    expect(split(['He', ' said', ' "', 'yes', '.', '"', ' Then', ' left', '.']).sentences).toEqual(['He said "yes.', 'Then left.']);
    expect(split(['Really', '?', '!', ' Wow', '.']).sentences).toEqual(['Really?', 'Wow.']);
  });

  it('joins very short sentences to the next one, except the first', () => {
    const text = 'Oh! I see. Yes. The meeting room is on the second floor. Ok.';
    expect(split(tokens(text), 'en', { minChars: 12 }).sentences).toEqual(['Oh!', 'I see. Yes. The meeting room is on the second floor.', 'Ok.']);
    expect(split(tokens(text), 'en', { minChars: 0 }).sentences).toHaveLength(5);
  });

  it('cuts a run-on sentence at a comma so that speech never stalls', () => {
    const long = `${'one, two, three and four, '.repeat(12)}done.`;
    const { sentences } = split(tokens(long), 'en', { maxChars: 80 });
    expect(sentences.length).toBeGreaterThan(3);
    for (const s of sentences) expect(s.length).toBeLessThanOrEqual(80);
    expect(joinSentences(sentences)).toBe(long.trim());
  });

  it('loses no text: joining the sentences gives the reply back', () => {
    const texts = [
      'Hello! I am Nadine, the receptionist. The meeting room is on the 2nd floor, room 2.14. Ask me anything...',
      '好的！会议室在二楼。你还需要什么吗？',
      'Natürlich! Ab jetzt spreche ich Deutsch. Das Büro von Frau Dr. Weber ist z.B. im 3. Stock.',
    ];
    for (const text of texts) {
      for (const language of ['en', 'de', 'zh'] as const) {
        expect(joinSentences(split(tokens(text), language).sentences)).toBe(text);
      }
    }
  });

  it('returns nothing for an empty reply', () => {
    expect(split([]).sentences).toEqual([]);
    expect(split(['  ', '\n']).sentences).toEqual([]);
  });
});
