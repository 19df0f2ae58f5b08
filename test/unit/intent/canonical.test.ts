import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../src/config/index.js';
import { CANONICAL_MARGIN, type Intent } from '../../../src/intent/index.js';
import { seededRandom } from '../../../src/models/random.js';
import { MODELS_DIR, REPO } from '../../helpers/config.js';
import { intentModel } from '../../helpers/per-test.js';

const CORPUS = path.join(MODELS_DIR, 'intent', 'corpus');
/** One name per line of a fixture list; blank lines and `#` comments are skipped (the corpus's own format). */
const fixture = (file: string) =>
  readFileSync(path.join(REPO, 'test/fixtures/intent', file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
const LATIN = fixture('names.txt');
const HAN = fixture('names.han.txt');

/** What people say most, in every language the robot hears; {name} is filled with names the corpus never uses. */
const CANONICAL: Record<string, [Intent, string[]][]> = {
  en: [
    ['update_user_info', ['My name is {name}.', 'Call me {name}.', "Hi, I'm {name}, nice to meet you!"]],
    ['first_greeting', ['Hello!', 'Hi!', 'Good morning!', 'Hello Nadine.']],
    ['end_conversation', ['Goodbye!', 'Bye!', 'See you later!']],
    ['language_change', ['Can you speak German?', 'Please speak French.']],
  ],
  de: [
    ['update_user_info', ['Ich heiße {name}.', 'Mein Name ist {name}.', 'Hallo, ich bin {name}.']],
    ['first_greeting', ['Hallo!', 'Guten Morgen!', 'Guten Tag!']],
    ['end_conversation', ['Tschüss!', 'Auf Wiedersehen!']],
    ['language_change', ['Sprichst du Deutsch?', 'Kannst du Englisch sprechen?']],
  ],
  fr: [
    ['update_user_info', ["Je m'appelle {name}.", 'Mon nom est {name}.']],
    ['first_greeting', ['Bonjour !', 'Salut !']],
    ['end_conversation', ['Au revoir !', 'À bientôt !']],
    ['language_change', ['Tu parles anglais ?', 'Peux-tu parler allemand ?']],
  ],
  es: [
    ['update_user_info', ['Me llamo {name}.', 'Mi nombre es {name}.']],
    ['first_greeting', ['¡Hola!', '¡Buenos días!']],
    ['end_conversation', ['¡Adiós!', 'Hasta luego.']],
    ['language_change', ['¿Puedes hablar inglés?', '¿Hablas alemán?']],
  ],
  zh: [
    ['update_user_info', ['我叫{name}。', '我的名字是{name}。']],
    ['first_greeting', ['你好！', '早上好！']],
    ['end_conversation', ['再见！', '拜拜！']],
    ['language_change', ['你会说英语吗？', '请说中文。']],
  ],
};
const NAMES_PER_PHRASING = 6;

/**
 * A bare "I'm …" is a name as often as a state ("I'm Bronwyn." / "I'm starving.", and "Ich bin
 * Rasmus." is one letter from "Ich bin raus."): most must be right and decided on the device (above
 * the default threshold of 0.6); the rest may go to the language model.
 */
const BARE: [string, string[]][] = [
  ['en', ["I'm {name}.", 'I am {name}.']],
  ['de', ['Ich bin {name}.']],
  ['fr', ['Je suis {name}.']],
  ['es', ['Soy {name}.']],
  ['zh', ['我是{name}。']],
];

const classifier = await intentModel();

describe('the intent model on canonical phrasings', () => {

  it('tests with names the corpus never uses', () => {
    const corpus = readdirSync(CORPUS).map((f) => readFileSync(path.join(CORPUS, f), 'utf8')).join('\n');
    for (const name of LATIN) expect(new RegExp(`(?<!\\p{L})${name}(?!\\p{L})`, 'u').test(corpus), name).toBe(false);
    for (const name of HAN) expect(corpus.includes(name), name).toBe(false);
  });

  // Sure means well above dialogue.intentThreshold (0.6), where the language model is asked. It was
  // 0.9 while the temperature was set on the validation split; fitted on the development sets, it
  // spends the ask budget on what visitors really say and flattens every confidence, so the bar is
  // the threshold with the margin the temperature is bounded by (CANONICAL_MARGIN; it was 0.75
  // here: "Salut !", as much a goodbye as a greeting, now gets 0.74).
  const SURE = ConfigSchema.parse({}).dialogue.intentThreshold + CANONICAL_MARGIN;

  it('is sure (well above the threshold) of canonical phrasings in every language, whatever the name in them', async () => {
    // Seeded, so a failure names the same utterance on every run.
    const random = seededRandom(20261125);
    const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
    const unsure: string[] = [];
    let checked = 0;
    for (const [language, groups] of Object.entries(CANONICAL)) {
      for (const [intent, phrasings] of groups) {
        for (const phrasing of phrasings) {
          const names = phrasing.includes('{name}') ? Array.from({ length: NAMES_PER_PHRASING }, (_, i) => pick(language === 'zh' && i % 3 !== 2 ? HAN : LATIN)) : [''];
          for (const name of names) {
            const text = phrasing.replace('{name}', name);
            const p = await classifier.classify(text);
            checked++;
            if (p.intent !== intent || p.confidence < SURE) unsure.push(`${text} → ${p.intent} ${p.confidence.toFixed(2)} (expected ${intent})`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(unsure).toEqual([]);
  });

  it('gets most bare "I am <name>" introductions right, and most above the language-model threshold', async () => {
    const random = seededRandom(20261126);
    const wrong: string[] = [];
    const asked: string[] = [];
    let checked = 0;
    for (const [language, phrasings] of BARE) {
      for (const phrasing of phrasings) {
        for (let i = 0; i < NAMES_PER_PHRASING; i++) {
          const names = language === 'zh' && i % 3 !== 2 ? HAN : LATIN;
          const text = phrasing.replace('{name}', names[Math.floor(random() * names.length)]!);
          const p = await classifier.classify(text);
          checked++;
          if (p.intent !== 'update_user_info') wrong.push(`${text} → ${p.intent} ${p.confidence.toFixed(2)}`);
          else if (p.confidence < 0.6) asked.push(`${text} → ${p.confidence.toFixed(2)}`);
        }
      }
    }
    expect(wrong.length, wrong.join('\n')).toBeLessThanOrEqual(checked * 0.1);
    // Right but unsure goes to the language model (offline, the on-device answer stands): a bare
    // "I'm …" is as often a state as a name, which is where the ask budget should go.
    expect(asked.length, asked.join('\n')).toBeLessThanOrEqual(checked * 0.2);
  });
});
