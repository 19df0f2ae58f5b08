import { describe, expect, it } from 'vitest';
import { identifyLanguage } from '../../../src/language/index.js';
import { regExpsBuilt } from '../../helpers/regexp-count.js';

describe('language identification on the turn path', () => {
  it('builds no pattern per utterance, in any language, and still tells them apart', async () => {
    const utterances: [string, string][] = [
      ['Hello! My name is Quinn.', 'en'],
      ['Guten Morgen, ich heiße Jonas und arbeite bei der Post.', 'de'],
      ["Bonjour, je m'appelle Camille et je travaille à la mairie.", 'fr'],
      ['Buenos días, me llamo Lucía y trabajo en el hospital.', 'es'],
      ['你好，我叫王芳。', 'zh'],
    ];
    const found: string[] = [];
    const built = await regExpsBuilt(() => {
      for (const [text] of utterances) found.push(identifyLanguage(text, 'en').language);
    });
    expect(found).toEqual(utterances.map(([, language]) => language));
    expect(built).toBe(0);
  });
});
