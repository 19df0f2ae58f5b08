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
