/**
 * Text as the alert phrase lists are written: lower case, without accents (speech-to-text spells
 * them inconsistently: "médico", "medico"), German umlauts as ae/oe/ue, one kind of apostrophe,
 * single spaces. Chinese characters pass unchanged.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    // German umlauts as they are spelt without them ("muede"), before accents are dropped.
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whole words (Unicode-aware: JavaScript's \b only knows ASCII). */
export const words = (...alternatives: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
/** Chinese has no spaces between words: its patterns match anywhere. */
export const plain = (...alternatives: string[]) => new RegExp(alternatives.join('|'), 'u');

/** Compiles configured extra phrases; an invalid pattern is matched as plain text instead. */
export function compileExtra(patterns: readonly string[], chinese: boolean): RegExp[] {
  return patterns.map((p) => {
    const source = fold(p);
    try {
      return chinese ? plain(source) : words(source);
    } catch {
      const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return chinese ? plain(escaped) : words(escaped);
    }
  });
}
