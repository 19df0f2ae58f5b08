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
    .trim()
    .replace(SPELT_RUN, (run) => run.split(/[\s-]+/).map((w) => DIGIT_WORDS[w]).join(''))
    .replace(HAN_RUN, (run) => [...run].map((c) => HAN_DIGITS[c]).join(''));
}

// Speech-to-text writes an emergency number as it is said ("nine one one", "eins eins zwei",
// "一二零", "幺幺零"): a run of three or more digit words is the number, so that "call 911" and
// "call nine one one" are one phrase. Shorter runs stay words ("one or two", "zwei drei").
const DIGIT_WORDS: Record<string, string> = {
  zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9',
  null: '0', eins: '1', zwei: '2', drei: '3', vier: '4', fuenf: '5', sechs: '6', sieben: '7', acht: '8', neun: '9',
  un: '1', deux: '2', trois: '3', quatre: '4', cinq: '5', sept: '7', huit: '8', neuf: '9',
  cero: '0', uno: '1', dos: '2', tres: '3', cuatro: '4', cinco: '5', seis: '6', siete: '7', ocho: '8', nueve: '9',
};
const DIGIT_ALT = Object.keys(DIGIT_WORDS).filter((w) => !w.includes('_')).join('|');
const SPELT_RUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${DIGIT_ALT})(?:[\\s-]+(?:${DIGIT_ALT})){2,}(?![\\p{L}\\p{N}])`, 'gu');
const HAN_DIGITS: Record<string, string> = { 零: '0', 〇: '0', 幺: '1', 一: '1', 二: '2', 两: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9' };
const HAN_RUN = new RegExp(`[${Object.keys(HAN_DIGITS).join('')}]{3,}`, 'gu');

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
