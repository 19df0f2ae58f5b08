import { LANGUAGES, type Language } from '../config/index.js';

/**
 * Translations of knowledge files. A file is a translation of another when it sits in a folder
 * named by a language code, at the same path as the original, or carries the code before its
 * extension beside it:
 *
 *     rag_files/about-me.md         the original (English here)
 *     rag_files/de/about-me.md      its German version
 *     rag_files/about-me.fr.md      its French version
 *
 * A translation keeps the original's sections in the same order: the n-th section of every
 * version is the same piece of knowledge ("about-me.md#2"). Retrieval treats the versions as one
 * section and answers from the version in the visitor's language when there is one.
 */
export interface FileLayout {
  /** The file this one translates (itself for an original). */
  original: string;
  /** The language its place declares, if any. */
  language: Language | null;
}

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

export function fileLayout(file: string): FileLayout {
  const [first, ...rest] = file.split('/');
  if (first && rest.length && isLanguage(first.toLowerCase())) return { original: fileLayout(rest.join('/')).original, language: first.toLowerCase() as Language };
  const suffix = /^(.*)\.([a-z]{2})(\.(?:md|markdown))$/i.exec(file);
  if (suffix && isLanguage(suffix[2]!.toLowerCase())) return { original: `${suffix[1]}${suffix[3]}`, language: suffix[2]!.toLowerCase() as Language };
  return { original: file, language: null };
}

/** The key shared by a section and its translations: the original file and the section's place in it. */
export const sectionKey = (file: string, section: number) => `${fileLayout(file).original}#${section}`;
