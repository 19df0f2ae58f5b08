import { describe, expect, it } from 'vitest';
import { answerExcerpt, spokenExcerpt } from '../../../src/knowledge/index.js';

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

describe('the lead sentence answers the question its heading asks', () => {
  const BUILT = 'I am an open-source project. Robot builders connect me to their robot’s camera, speakers and motors over MQTT. My knowledge, my personality and my name can all be changed by the people who look after me.';

  it('speaks the lead sentence when the question asks what the heading asks, in any language', () => {
    expect(answerExcerpt(BUILT, 'Who built you?', 'en', 320, 'Who built me')).toMatch(/^I am an open-source project\./);
    const de = 'Ich bin ein Open-Source-Projekt. Roboterbauer verbinden mich mit der Kamera ihres Roboters. Mein Wissen und mein Name lassen sich ändern.';
    expect(answerExcerpt(de, 'Wer hat dich gebaut?', 'de', 320, 'Wer mich gebaut hat')).toMatch(/^Ich bin ein Open-Source-Projekt\./);
    const es = 'Soy un proyecto de código abierto. Los constructores de robots me conectan a la cámara de su robot. Mi nombre se puede cambiar.';
    expect(answerExcerpt(es, '¿Quién te construyó?', 'es', 320, 'Quién me construyó')).toMatch(/^Soy un proyecto de código abierto\./);
  });

  it('a later sentence that answers words the heading lacks is still chosen', () => {
    expect(answerExcerpt(BUILT, 'Can your name be changed?', 'en', 320, 'Who built me')).toBe('My knowledge, my personality and my name can all be changed by the people who look after me.');
  });
});

describe('a sentence that quotes a question is one sentence', () => {
  it.each([
    ['fr', 'Je te demande de confirmer, par exemple « Tu t’appelles Maria ? ».', 'Réponds oui si c’est toi.'],
    ['fr', 'Dis « Bonjour ! Ça va ? » et attends.', 'Voilà.'],
    ['de', 'Ich frage zum Beispiel „Heißt du Maria?“ und warte.', 'Dann antwortest du.'],
    ['en', 'I ask, for example, “Is your name Maria?” and wait.', 'Then you answer.'],
    ['es', 'Pregunto, por ejemplo, «¿Te llamas María?», y espero.', 'Luego respondes.'],
  ] as const)('%s: %s', (language, first, second) => {
    // At most one sentence: the whole first one, never cut inside its quotation.
    expect(spokenExcerpt(`${first} ${second}`, language, 1)).toBe(first);
  });
});
