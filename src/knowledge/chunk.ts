import path from 'node:path';
import type { Language } from '../config/index.js';
import { declaredLanguage, detectLanguage } from './language.js';
import { fileLayout, sectionKey } from './layout.js';
import { parseMarkdown } from './markdown.js';
import { splitLongText } from './split.js';

export interface ChunkOptions {
  /** Longest chunk text; longer sections are split. */
  maxChars: number;
  /** Text repeated from the end of one piece at the start of the next. */
  overlapChars: number;
}

export interface KnowledgeChunk {
  /** Stable while the file keeps its name and this chunk its place: "<file>::<index>". */
  id: string;
  /** Path under the knowledge folder, with "/" separators. */
  file: string;
  index: number;
  /** Where the chunk sits: the document's title (its `#` heading, front matter title or file name), then its `##` heading. */
  headings: string[];
  /** Plain text, markdown stripped. */
  text: string;
  language: Language | null;
  /** The section this chunk is part of, shared with its translations (see layout.ts): "<original file>#<section index>". */
  section: string;
  /** How visitors ask for the section (its `Questions:` lines). */
  questions: string[];
  /** Headings of sections on nearly the same topic (its `See also:` line; absent when none). */
  related?: string[];
  /** What is embedded: the heading path gives a short section its topic ("Languages" of "What I can do"). */
  embedText: string;
}

/** "what-i-can-do.md" → "What i can do": the title of a file that has no heading. */
function titleFromFile(file: string): string {
  const stem = path.posix.basename(file).replace(/(\.[a-z]{2}(?:[-_][A-Za-z]{2})?)?\.(md|markdown)$/i, '');
  const words = stem.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : stem;
}

export const chunkId = (file: string, index: number) => `${file}::${index}`;

/** What is embedded for a chunk: its heading path, the questions it answers, then its text. */
export const embedTextOf = (headings: readonly string[], text: string, questions: readonly string[] = []) =>
  [headings.join(' — '), questions.join(' '), text].filter(Boolean).join('\n\n');

/**
 * A markdown file as knowledge chunks: one per `#`/`##` section with text (see parseMarkdown),
 * sections longer than `maxChars` split with overlap (every piece keeps the section's questions). Pure: the same file always gives the same
 * chunks, which is what lets the index reuse embeddings of unchanged text.
 */
export function chunkMarkdown(file: string, source: string, options: ChunkOptions): { chunks: KnowledgeChunk[]; warnings: string[] } {
  const { frontMatter, sections, warnings } = parseMarkdown(source);
  const declared = declaredLanguage(file, frontMatter.language) ?? fileLayout(file).language;
  const fileLanguage = declared ?? detectLanguage(sections.map((s) => s.text).join('\n\n'));
  const fallbackTitle = frontMatter.title ?? titleFromFile(file);
  const chunks: KnowledgeChunk[] = [];
  for (const [place, section] of sections.entries()) {
    const headings = [section.title ?? fallbackTitle, section.heading].filter((h): h is string => Boolean(h));
    const language = declared ?? detectLanguage(section.text) ?? fileLanguage;
    for (const text of splitLongText(section.text, { ...options, ...(language && { locale: language }) })) {
      const index = chunks.length;
      const { questions, related } = section;
      chunks.push({ id: chunkId(file, index), file, index, headings, text, language, section: sectionKey(file, place), questions, ...(related && { related }), embedText: embedTextOf(headings, text, questions) });
    }
  }
  return { chunks, warnings };
}
