import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLanguageRequest, languageName, loadCorpusDir, parseCorpusTsv, supportedLanguageFromTag } from '../../../src/intent/index.js';
import { MODELS_DIR, REPO } from '../../helpers/config.js';

describe('which language is asked for', () => {
  it.each([
    ['Kannst du Deutsch sprechen?', 'en', 'de'],
    ['Parle-moi en français, s’il te plaît', 'en', 'fr'],
    ['请说中文', 'en', 'zh'],
    ['¿Hablas español?', 'en', 'es'],
    ['Switch from English to German', 'en', 'de'],
    ['Speak German instead of English', 'fr', 'de'],
    ['Nicht Englisch, Deutsch bitte!', 'en', 'de'],
    ['我英语不好，能说中文吗？', 'en', 'zh'],
    ['Wechsle bitte ins Russische', 'de', 'ru'],
    ['Can you switch back to English?', 'de', 'en'],
  ])('%s (speaking %s) → %s', (text, current, expected) => {
    expect(detectLanguageRequest(text, current as 'en')?.code).toBe(expected);
  });

  it('knows which languages it can speak', () => {
    expect(detectLanguageRequest('Do you speak Swahili?', 'en')).toEqual({ code: 'sw', supported: false });
    expect(detectLanguageRequest('Sprichst du Französisch?', 'de')).toEqual({ code: 'fr', supported: true });
    expect(detectLanguageRequest('Can you speak another language?', 'en')).toBeNull();
    expect(supportedLanguageFromTag('de-DE')).toBe('de');
    expect(supportedLanguageFromTag('zh_CN')).toBe('zh');
    expect(supportedLanguageFromTag('sw')).toBeNull();
    expect(languageName('sw', 'de')).toBe('Suaheli');
  });

  it('finds the target of nearly every language_change utterance in the corpus and the unseen set', () => {
    const unseenFile = path.join(REPO, 'test/fixtures/intent/unseen.tsv');
    const all = [
      ...loadCorpusDir(path.join(MODELS_DIR, 'intent/corpus')).examples,
      ...parseCorpusTsv(readFileSync(unseenFile, 'utf8'), unseenFile, null),
    ].filter((e) => e.intent === 'language_change');
    // The robot is asked to switch from whatever it speaks now to something else.
    const wrong = all.filter((e) => detectLanguageRequest(e.text, e.target === 'en' ? 'de' : 'en')?.code !== e.target);
    expect(all.length).toBeGreaterThan(600);
    expect(wrong.length / all.length, wrong.map((e) => e.text).join('\n')).toBeLessThan(0.02);
  });
});
