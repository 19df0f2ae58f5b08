/**
 * Cuts a section too long for one chunk into pieces of at most `maxChars`, at the largest
 * boundary that fits (paragraph, then sentence, then word), each piece starting with the last
 * sentences of the previous one (up to `overlapChars`) so that a fact that straddles a cut is
 * still whole in one piece.
 */

export interface SplitOptions {
  maxChars: number;
  overlapChars: number;
  /** Locale for sentence boundaries (Intl.Segmenter); sentence rules differ little between ours. */
  locale?: string;
}

interface Unit {
  text: string;
  /** Starts a paragraph: joined to the previous unit with a blank line instead of a space. */
  paragraph: boolean;
}

function sentences(paragraph: string, locale: string | undefined): string[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  return [...segmenter.segment(paragraph)].map((s) => s.segment.trim()).filter(Boolean);
}

/** A sentence longer than a chunk: whole words where they fit; a longer word (or CJK text, which has no spaces) is cut. */
function words(sentence: string, maxChars: number): string[] {
  const slice = new RegExp(`[^]{1,${maxChars}}`, 'gu');
  const tokens = sentence.split(/\s+/).flatMap((w) => (w.length <= maxChars ? [w] : (w.match(slice) ?? [])));
  const pieces: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (current && current.length + 1 + token.length > maxChars) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${token}` : token;
  }
  if (current) pieces.push(current);
  return pieces;
}

function units(text: string, maxChars: number, locale: string | undefined): Unit[] {
  const out: Unit[] = [];
  for (const paragraph of text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean)) {
    const parts = paragraph.length <= maxChars ? [paragraph] : sentences(paragraph, locale).flatMap((s) => (s.length <= maxChars ? [s] : words(s, maxChars)));
    parts.forEach((part, i) => out.push({ text: part, paragraph: i === 0 }));
  }
  return out;
}

const join = (list: readonly Unit[]) => list.map((u, i) => (i === 0 ? u.text : `${u.paragraph ? '\n\n' : ' '}${u.text}`)).join('');

export function splitLongText(text: string, options: SplitOptions): string[] {
  const { maxChars, overlapChars } = options;
  if (maxChars < 1) throw new Error('maxChars must be at least 1');
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed ? [trimmed] : [];

  const all = units(trimmed, maxChars, options.locale);
  const chunks: string[] = [];
  let current: Unit[] = [];
  // Units of `current` that were carried over from the previous chunk (the overlap).
  let carried = 0;
  for (const unit of all) {
    if (join([...current, unit]).length <= maxChars) {
      current.push(unit);
      continue;
    }
    if (current.length > carried) {
      chunks.push(join(current));
      current = overlapOf(current, overlapChars);
      carried = current.length;
    }
    // What is left is overlap only: drop its oldest units until the new one fits (each unit fits alone).
    while (current.length > 0 && join([...current, unit]).length > maxChars) {
      current.shift();
      carried--;
    }
    current.push(unit);
  }
  if (current.length > carried) chunks.push(join(current));
  return chunks;
}

/** The last whole units of a chunk that fit in `overlapChars`, starting a fresh chunk. */
function overlapOf(chunk: readonly Unit[], overlapChars: number): Unit[] {
  const tail: Unit[] = [];
  for (let i = chunk.length - 1; i > 0; i--) {
    const candidate = [chunk[i]!, ...tail];
    if (join(candidate).length > overlapChars) break;
    tail.unshift(chunk[i]!);
  }
  return tail.map((u, i) => (i === 0 ? { ...u, paragraph: true } : u));
}
