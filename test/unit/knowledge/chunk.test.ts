import { describe, expect, it } from 'vitest';
import { chunkMarkdown, declaredLanguage, detectLanguage, parseMarkdown, spokenExcerpt, splitLongText } from '../../../src/knowledge/index.js';

const OPTIONS = { maxChars: 1000, overlapChars: 150 };

describe('markdown sections', () => {
  it('cuts at # and ## headings, keeps deeper headings inside, and keeps the heading path', () => {
    const { sections } = parseMarkdown('# Guide\n\nIntro.\n\n## Rooms\n\nRoom text.\n\n### Upstairs\n\nStairs.\n\n# Other\n\n## Sub\n\nSub text.\n');
    expect(sections).toEqual([
      { title: 'Guide', heading: null, text: 'Intro.', questions: [] },
      { title: 'Guide', heading: 'Rooms', text: 'Room text.\n\nUpstairs\n\nStairs.', questions: [] },
      { title: 'Other', heading: 'Sub', text: 'Sub text.', questions: [] },
    ]);
  });

  it('does not take a # inside a code fence (or an indented code block) for a heading', () => {
    const { sections } = parseMarkdown('# Setup\n\nRun this:\n\n```sh\n# not a heading\nnpm start\n```\n\n    # nor this\n\nDone.\n');
    expect(sections).toHaveLength(1);
    expect(sections[0]!.text).toBe('Run this:\n\n# not a heading\nnpm start\n\n# nor this\n\nDone.');
  });

  it('leaves out empty sections, and reads setext headings', () => {
    const { sections } = parseMarkdown('# Title\n\n## Empty\n\n## Full\n\nText.\n\nOther title\n===========\n\nMore.\n');
    expect(sections).toEqual([
      { title: 'Title', heading: 'Full', text: 'Text.', questions: [] },
      { title: 'Other title', heading: null, text: 'More.', questions: [] },
    ]);
  });

  it('reads YAML front matter (title, language) and keeps it out of the text', () => {
    const parsed = parseMarkdown('---\ntitle: Opening hours\nlanguage: de-DE\n---\n## Werktags\n\nVon 9 bis 17 Uhr.\n');
    expect(parsed.frontMatter).toEqual({ title: 'Opening hours', language: 'de-DE' });
    expect(parsed.sections).toEqual([{ title: null, heading: 'Werktags', text: 'Von 9 bis 17 Uhr.', questions: [] }]);
    // Without front matter, a leading "---" is a rule and the next line is not a heading title.
    const broken = parseMarkdown('---\n: [unclosed\n---\nText.\n');
    expect(broken.warnings[0]).toMatch(/front matter is not valid YAML/);
    expect(broken.sections).toEqual([{ title: null, heading: null, text: 'Text.', questions: [] }]);
  });

  it('strips markdown to plain text: emphasis, links, code spans, images, HTML, entities, lists, tables', () => {
    const { sections } = parseMarkdown(
      '# T\n\nSee **the** [desk](http://x) and `room 2` &amp; ![a map](m.png) <b>now</b>.\n<!-- keeper note -->\n\n- first\n- second **item**\n\n| day | hours |\n| --- | --- |\n| Mon | 9-5 |\n\n> quoted\n',
    );
    expect(sections[0]!.text).toBe('See the desk and room 2 & a map now.\n\nfirst\nsecond item\n\nday: Mon, hours: 9-5\n\nquoted');
    expect(sections[0]!.text).not.toMatch(/keeper note/);
  });

  it('handles Windows line endings and a byte order mark', () => {
    const { sections } = parseMarkdown('\uFEFF# A\r\n\r\nline one\r\nline two\r\n');
    expect(sections).toEqual([{ title: 'A', heading: null, text: 'line one line two', questions: [] }]);
  });
});

describe('splitting long sections', () => {
  const sentence = (i: number) => `Sentence number ${i} tells one small fact about the robot.`;
  const long = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');

  it('keeps every piece within maxChars, cuts between sentences, and overlaps consecutive pieces', () => {
    const pieces = splitLongText(long, { maxChars: 300, overlapChars: 120 });
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(300);
      expect(p).toMatch(/^Sentence number \d+ .*robot\.$/);
    }
    for (let i = 1; i < pieces.length; i++) {
      // The next piece starts with the last sentences of the previous one (up to overlapChars).
      const previous = pieces[i - 1]!.match(/Sentence number \d+[^.]*\./g)!;
      const next = pieces[i]!.match(/Sentence number \d+[^.]*\./g)!;
      const shared = previous.filter((s) => next.includes(s));
      expect(shared.length).toBeGreaterThanOrEqual(1);
      expect(shared.join(' ').length).toBeLessThanOrEqual(120);
      expect(next.slice(0, shared.length)).toEqual(previous.slice(-shared.length));
    }
    // Nothing is lost: every sentence is in some piece.
    for (let i = 0; i < 60; i++) expect(pieces.some((p) => p.includes(sentence(i)))).toBe(true);
  });

  it('prefers paragraph boundaries, and cuts a sentence longer than a chunk at spaces', () => {
    const paragraphs = ['a '.repeat(100).trim(), 'b '.repeat(100).trim()].join('\n\n');
    expect(splitLongText(paragraphs, { maxChars: 250, overlapChars: 0 })).toEqual(['a '.repeat(100).trim(), 'b '.repeat(100).trim()]);
    const pieces = splitLongText('word '.repeat(300).trim(), { maxChars: 200, overlapChars: 0 });
    expect(pieces.every((p) => p.length <= 200 && !p.startsWith(' '))).toBe(true);
    expect(pieces.join(' ')).toBe('word '.repeat(300).trim());
  });

  it('cuts Chinese text, which has no spaces, by characters', () => {
    const text = '我是一个机器人'.repeat(60);
    const pieces = splitLongText(text, { maxChars: 100, overlapChars: 0 });
    expect(pieces.every((p) => p.length <= 100)).toBe(true);
    expect(pieces.join('')).toBe(text);
  });

  it('leaves short text whole and gives nothing for blank text', () => {
    expect(splitLongText('  Short.  ', { maxChars: 100, overlapChars: 10 })).toEqual(['Short.']);
    expect(splitLongText(' \n ', { maxChars: 100, overlapChars: 10 })).toEqual([]);
  });
});

describe('chunks of a file', () => {
  it('numbers chunks, names them by file, and embeds the heading path with the text', () => {
    const { chunks } = chunkMarkdown('guide/rooms.md', '# Rooms\n\n## Kitchen\n\nThe kitchen is on the left.\n\n## Hall\n\nThe hall is straight ahead.\n', OPTIONS);
    expect(chunks.map((c) => [c.id, c.headings])).toEqual([
      ['guide/rooms.md::0', ['Rooms', 'Kitchen']],
      ['guide/rooms.md::1', ['Rooms', 'Hall']],
    ]);
    expect(chunks[0]!.embedText).toBe('Rooms — Kitchen\n\nThe kitchen is on the left.');
  });

  it('titles text without a # heading by its front matter title, else by its file name', () => {
    expect(chunkMarkdown('x.md', '---\ntitle: House rules\n---\n## Pets\n\nNo pets inside, please.\n', OPTIONS).chunks[0]!.headings).toEqual(['House rules', 'Pets']);
    expect(chunkMarkdown('opening-hours.md', 'We open at nine.\n', OPTIONS).chunks[0]!.headings).toEqual(['Opening hours']);
    expect(chunkMarkdown('sub/wifi_access.de.md', 'The code is on the card.\n', OPTIONS).chunks[0]!.headings).toEqual(['Wifi access']);
  });

  it('splits a long section into several chunks of the same heading', () => {
    const body = Array.from({ length: 40 }, (_, i) => `Fact ${i} about the reception desk and its many visitors.`).join(' ');
    const { chunks } = chunkMarkdown('desk.md', `# Desk\n\n${body}\n`, { maxChars: 300, overlapChars: 60 });
    expect(chunks.length).toBeGreaterThan(3);
    expect(new Set(chunks.map((c) => c.headings.join('/')))).toEqual(new Set(['Desk']));
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  });

  it('knows the language of each chunk: declared in front matter or the file name, else detected', () => {
    const mixed = '# Info\n\n## English\n\nThe reception is open every day from nine in the morning.\n\n## Deutsch\n\nDer Empfang ist jeden Tag ab neun Uhr morgens geöffnet.\n';
    expect(chunkMarkdown('info.md', mixed, OPTIONS).chunks.map((c) => c.language)).toEqual(['en', 'de']);
    expect(chunkMarkdown('info.fr.md', '# Infos\n\nOK.\n', OPTIONS).chunks[0]!.language).toBe('fr');
    expect(chunkMarkdown('info.md', '---\nlang: zh-CN\n---\nOK.\n', OPTIONS).chunks[0]!.language).toBe('zh');
    expect(declaredLanguage('a.md', 'sw')).toBeNull(); // a language the robot does not speak
    expect(detectLanguage('Le robot parle plusieurs langues et répond aux visiteurs de l’accueil.')).toBe('fr');
    expect(detectLanguage('我会说英语、德语、法语、中文和西班牙语。')).toBe('zh');
    expect(detectLanguage('Hi!')).toBeNull();
  });
});

describe('a chunk, spoken', () => {
  it('takes whole sentences up to a length, and gives list lines a full stop', () => {
    expect(spokenExcerpt('I greet you. I wave. I remember your name and what you tell me about yourself.', 'en', 20)).toBe('I greet you. I wave.');
    expect(spokenExcerpt('Monday: 9 to 5\nTuesday: closed', 'en')).toBe('Monday: 9 to 5. Tuesday: closed.');
    expect(spokenExcerpt('A very long first sentence that is longer than the limit on its own.', 'en', 10)).toBe('A very long first sentence that is longer than the limit on its own.');
    expect(spokenExcerpt('我是娜丁。我在前台工作。', 'zh', 6)).toBe('我是娜丁。');
  });
});

describe('a section’s See also: line', () => {
  it('names related sections, is no part of the text, and reaches the chunks', () => {
    const source = '# Talk\n\n## Changing the language\n\nQuestions: Can you speak French?\n\nSee also: Languages\nGreeting and remembering people\n\nAsk me to speak another language.\n\n## Goodbye\n\nSay goodbye.\n';
    const { sections } = parseMarkdown(source);
    expect(sections[0]).toEqual({ title: 'Talk', heading: 'Changing the language', text: 'Ask me to speak another language.', questions: ['Can you speak French?'], related: ['Languages', 'Greeting and remembering people'] });
    expect(sections[1]!.related).toBeUndefined();
    const { chunks } = chunkMarkdown('talk.md', source, OPTIONS);
    expect(chunks[0]!.related).toEqual(['Languages', 'Greeting and remembering people']);
    expect(chunks[0]!.embedText).not.toContain('See also');
  });
});
