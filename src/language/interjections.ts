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

/** Whether a word is only a sound of hesitation or surprise, in any of the five languages. */
export function isInterjection(word: string): boolean {
  return forms(word).some((w) => w !== '' && INTERJECTIONS.has(w));
}
