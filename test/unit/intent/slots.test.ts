import { describe, expect, it } from 'vitest';
import { parseCorpusTsv } from '../../../src/intent/index.js';
import { expandLexiconSlots, parseLexicon } from '../../../src/intent/slots.js';

/** A template with a lexicon slot stands for ten utterances. */
const PER_TEMPLATE = 10;

const lexicon = parseLexicon(
  ['slot\tlanguage\tvalue', ...['tired', 'sad', 'happy', 'bored', 'grumpy', 'sleepy', 'nervous', 'glad', 'upset', 'calm', 'lonely'].map((v) => `feeling\ten\t${v}`), ...'müde traurig froh genervt nervös einsam ruhig wütend satt fertig'.split(' ').map((v) => `feeling\tde\t${v}`)].join('\n'),
  'lexicon.tsv',
).lexicon;

describe('lexicon slots in the corpus', () => {
  it('fills a template with words of its own language, the same way every time, and keeps written lines', () => {
    const templates = parseCorpusTsv('intent\tlanguage\ttarget_language\ttext\ncontinue_conversation\ten\t\tI\'m {feeling} today.\ncontinue_conversation\tde\t\tIch bin {feeling}.\ncontinue_conversation\ten\t\tI\'m sad today.\n', 't.tsv', null);
    const { examples, problems } = expandLexiconSlots(templates, lexicon);
    expect(problems).toEqual([]);
    const en = examples.filter((e) => e.language === 'en' && e.group.includes('{feeling}'));
    // "I'm sad today." is written out, so its filling is skipped rather than duplicated.
    expect(en.length).toBe(PER_TEMPLATE - 1);
    expect(en.every((e) => /^I'm [a-z]+ today\.$/.test(e.text) && e.intent === 'continue_conversation')).toBe(true);
    expect(examples.filter((e) => e.language === 'de' && /müde|traurig|froh|genervt|nervös|einsam|ruhig|wütend|satt|fertig/.test(e.text))).toHaveLength(PER_TEMPLATE);
    expect(expandLexiconSlots(templates, lexicon).examples).toEqual(examples);
    // Every filling keeps its template as its group: the validation split never parts them.
    expect(new Set(en.map((e) => e.group)).size).toBe(1);
  });

  it('names the template and the slot when the lexicon is too short', () => {
    const templates = parseCorpusTsv('intent\tlanguage\ttarget_language\ttext\nupdate_user_info\tfr\t\tJe travaille chez {company}.\n', 'stance.tsv', null);
    expect(expandLexiconSlots(templates, lexicon).problems).toEqual([`stance.tsv:2: {company} needs ${PER_TEMPLATE} values for fr in lexicon.tsv`]);
    expect(parseLexicon('slot\tlanguage\tvalue\nname\ten\tBob\n', 'lexicon.tsv').problems).toHaveLength(1);
  });
});
