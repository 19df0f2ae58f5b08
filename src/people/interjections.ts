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

/**
 * Chinese interjections before an answer and particles after it: "嗯，对", "啊是的", "哦，是我呀",
 * "对的吧", "没错呢". Removed from both ends, they leave the answer itself.
 */
export const ZH_INTERJECTIONS = '嗯唔呃额啊哦噢喔哎诶欸嘿呀';
export const ZH_PARTICLES = '吧呀啊嘛呢啦哦哈喽咯嘞';
const ZH_EDGES = new RegExp(`^[${ZH_INTERJECTIONS}\\s，,。.…~～、！!]+|[${ZH_PARTICLES}\\s，,。.…~～、！!？?]+$`, 'gu');

/** A Chinese answer without the interjections before it and the particles after it. */
export function zhCore(text: string): string {
  return text.replace(/\s+/g, '').replace(ZH_EDGES, '');
}

/**
 * What a speaker says before putting something right ("Actually, it's Philip", "Close, but it's
 * Erik", "En fait, c'est Rafaël", "En realidad es Rakel", "其实是周亭"), folded (lower case, no
 * accents). With a respelling of the name the robot used, it makes the respelling a correction.
 */
const HEDGES = [
  'actually', 'in fact', 'really', 'close', 'almost', 'nearly', 'rather', 'correction', 'to be precise',
  'eigentlich', 'tatsachlich', 'knapp', 'fast', 'vielmehr', 'eher', 'sondern', 'korrektur', 'genauer gesagt',
  'en fait', 'en realite', 'plutot', 'presque', 'rectification', 'pour etre precis',
  'en realidad', 'la verdad', 'realmente', 'casi', 'mas bien', 'sino', 'correccion',
];
const ZH_HEDGES = ['其实', '实际上', '准确地说', '应该是', '错了', '说错了', '搞错了'];

export function hedged(text: string): boolean {
  const folded = ` ${text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
  return HEDGES.some((h) => folded.includes(` ${h} `)) || ZH_HEDGES.some((h) => text.includes(h));
}
