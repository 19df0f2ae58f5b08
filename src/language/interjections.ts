/**
 * Interjections and hesitation sounds of the five languages' speakers, however long they are
 * drawn out ("Ehh", "Ahhh", "Ummm", "Ayyy", "Öhhm"): said around an answer ("Eh, sí.", "Äh, ja",
 * "Euh oui", "Uh, yeah"), never part of it, never a name. A lexicon and a folding (accents off,
 * a letter said longer counts once), so that a new way of drawing a sound out needs no new word.
 * Words that are also given names are left out ("Ben", "Jo", "Na", "Al").
 */
const WORDS = `
  um umm uh uhh er erm uhm hmm hm mm mhm ah aah oh ooh eh huh whoa wow oops ugh meh aw ow phew
  ae aeh aehm ahm oe oeh oehm ohm ach och oje ojemine huch ups hui boah uff pff aehem
  euh heu hum bah bof hein ouf oups aie ouh
  em ehm ay uy aja ejem uf ufa vaya hala
`;
const INTERJECTIONS = new Set(WORDS.trim().split(/\s+/));

/** Lower case, a letter said longer counts once (or twice), then accents off (ä as ae, as German spells it without them). */
function forms(word: string): string[] {
  const lower = word.toLowerCase().replace(/[^\p{L}]/gu, '');
  const plain = (w: string) => w.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').normalize('NFKD').replace(/\p{M}/gu, '');
  const shapes = [lower, lower.replace(/(\p{L})\1+/gu, '$1'), lower.replace(/(\p{L})\1{2,}/gu, '$1$1')];
  return shapes.flatMap((w) => [plain(w), w.normalize('NFKD').replace(/\p{M}/gu, '')]);
}

/**
 * Words already read. A turn asks this of the same few words from many places (the language's
 * evidence, a yes or no, the name rules), and each reading is nine patterns and six Unicode
 * normalisations: remembered, the name rules' check of a farewell ("does it correct the name?")
 * took 0.19 ms instead of 0.24 ms a call, in a loop. Bounded: a word is a few bytes, and the
 * memory starts over when full.
 */
const READ = new Map<string, boolean>();
const READ_MAX = 4096;

/** Whether a word is only a sound of hesitation or surprise, in any of the five languages. */
export function isInterjection(word: string): boolean {
  let found = READ.get(word);
  if (found === undefined) {
    found = forms(word).some((w) => w !== '' && INTERJECTIONS.has(w));
    if (READ.size >= READ_MAX) READ.clear();
    READ.set(word, found);
  }
  return found;
}
