import { describe, expect, it } from 'vitest';
import { toldAboutThemselves } from '../../../../src/dialogue/agents/memory-update.js';
import { identifyLanguage } from '../../../../src/language/index.js';

/** A self-introduction reaches memory_update whatever the intent model makes of it, in the five languages. */
describe('an introduction the intent model did not read as one', () => {
  it.each([
    ['Everyone calls me Dana.', 'en'],
    ['Nennen Sie mich ruhig Greta.', 'de'],
    ['Appelez-moi simplement Isabel.', 'fr'],
    ['Todos me llaman Éctor.', 'es'],
    ['朋友们都管我叫王芳。', 'zh'],
  ])('%s', (text, language) => {
    expect(toldAboutThemselves({ intent: 'continue_conversation', user_text: text, language: language as 'en' })).toBe(true);
  });

  it('a question with no name in it is not one', () => {
    expect(toldAboutThemselves({ intent: 'continue_conversation', user_text: 'What can you do?', language: 'en' })).toBe(false);
  });
});

describe('"call me" phrasings tell their language', () => {
  it.each([
    ['Nennen Sie mich ruhig Greta.', 'de'],
    ['Appelez-moi simplement Isabel.', 'fr'],
    ['Todos me llaman Éctor.', 'es'],
    ['Me puedes llamar Paloma.', 'es'],
  ])('%s → %s', (text, language) => expect(identifyLanguage(text, 'en').language).toBe(language));
});
