import { describe, expect, it } from 'vitest';
import { chunkMarkdown, fileLayout, parseMarkdown, sectionKey } from '../../../src/knowledge/index.js';

const OPTIONS = { maxChars: 1000, overlapChars: 150 };

describe('question variants and translations of knowledge files', () => {
  it('a `Questions:` paragraph gives its section’s variants and is not part of its text', () => {
    const { sections } = parseMarkdown('# Me\n\n## Who I am\n\nQuestions: Who are you? | What are you?\n\nI am a robot.\n\n## Empty\n\nQuestions: Lost?\n');
    expect(sections).toEqual([{ title: 'Me', heading: 'Who I am', text: 'I am a robot.', questions: ['Who are you?', 'What are you?'] }]);
    // Only a paragraph that starts with the keyword: a sentence mentioning questions is text.
    expect(parseMarkdown('## A\n\nI answer questions: about me.\n').sections[0]?.questions).toEqual([]);
  });

  it('a line break in a `Questions:` paragraph separates questions as `|` does, and inline markup keeps its words', () => {
    const { sections } = parseMarkdown('## Who I am\n\nQuestions: Who are you? | What are you?\nAre you a *machine*? | Are you human?\nWho am I speaking with?\n\nI am a robot.\n');
    expect(sections[0]?.questions).toEqual(['Who are you?', 'What are you?', 'Are you a machine?', 'Are you human?', 'Who am I speaking with?']);
  });

  it('a file in a language folder or with a language suffix translates the original at the same path', () => {
    expect(fileLayout('about-me.md')).toEqual({ original: 'about-me.md', language: null });
    expect(fileLayout('de/about-me.md')).toEqual({ original: 'about-me.md', language: 'de' });
    expect(fileLayout('zh/team/people.md')).toEqual({ original: 'team/people.md', language: 'zh' });
    expect(fileLayout('about-me.fr.md')).toEqual({ original: 'about-me.md', language: 'fr' });
    // A folder that is not one of the robot's languages is just a folder.
    expect(fileLayout('it/about-me.md')).toEqual({ original: 'it/about-me.md', language: null });
    expect(sectionKey('es/about-me.md', 2)).toBe('about-me.md#2');
  });

  it('chunks of a translation share the original’s section keys, in the folder’s language, with their questions embedded', () => {
    const en = chunkMarkdown('a.md', '# A\n\n## One\n\nQuestions: Who are you?\n\nI am Nadine, a robot.\n\n## Two\n\nI speak five languages.\n', OPTIONS).chunks;
    const de = chunkMarkdown('de/a.md', '# A\n\n## Eins\n\nQuestions: Wer bist du?\n\nIch bin Nadine, ein Roboter.\n\n## Zwei\n\nIch spreche fünf Sprachen.\n', OPTIONS).chunks;
    expect(en.map((c) => c.section)).toEqual(['a.md#0', 'a.md#1']);
    expect(de.map((c) => c.section)).toEqual(['a.md#0', 'a.md#1']);
    expect(de.map((c) => c.language)).toEqual(['de', 'de']);
    expect(de[0]!.questions).toEqual(['Wer bist du?']);
    expect(de[0]!.embedText).toContain('Wer bist du?');
  });
});
