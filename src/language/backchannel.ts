import { rememberRecent } from './recent.js';

/**
 * Backchannels: what a listener says to show they follow, from per-language lexicons of listener
 * tokens: short acknowledgements ("uh-huh", "genau", "d'accord", "ajá", "嗯"), hums however spelled,
 * understanding ("I see", "verstehe", "je vois", "ya veo", "明白了"), agreement ("right", "stimmt"),
 * reactions ("really?", "echt?", "ah bon ?", "¿en serio?", "是吗？"), and the fillers of someone about
 * to speak ("Well…", "Ähm…", "Ben…", "Pues…", "这个…"), which ask for nothing. Said while the robot
 * speaks, it is no turn: the robot goes on.
 * An utterance is a backchannel when it is made only of such tokens and is short. A question is
 * one only when it is a reaction ("Really?"); "Right?" and "What?" ask. One other word makes it a
 * real utterance.
 */

const phrases = (list: string) =>
  list
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);

/** Per language (folded: lower case, no accents, hyphens and apostrophes as spaces). */
export const BACKCHANNELS: Readonly<Record<'en' | 'de' | 'fr' | 'es', readonly string[]>> = {
  en: phrases(`uh huh | uhuh | mm hmm | mhm | mhmm | mm | mmm | hmm | hm | uh | um | ok | okay | yeah | yes | yep | yup | right | sure |
    i see | got it | gotcha | cool | nice | wow | oh | ah | aha | alright | all right | great | good | exactly | true | interesting |
    oh really | really | makes sense | indeed | of course | fine | oh wow | oh okay | oh nice | uh yeah | yeah yeah | okay okay |
    well | so | er | erm | uhm | umm | uhh | hmm hmm | huh | okay then | ok then | alright then | oh right | oh yeah | no way | oh dear |
    sounds good | i understand | understood | fair enough | oh i see | ah i see | neat | wonderful | lovely | gosh | oh my`),
  de: phrases(`ja | jaja | ja ja | genau | mhm | hm | aha | ach so | achso | okay | ok | klar | stimmt | richtig | gut | super | toll | echt |
    interessant | na ja | naja | ah | oh | verstehe | ich verstehe | alles klar | cool | schon | jep | ah ja | ach | oh ja | ja genau |
    ah okay | sehr gut | prima | krass | ahm | aehm | aeh | ohm | also | tja | nun | na | hmm | verstanden | sehr schon | na klar |
    ach ja | ach was | wirklich | tatsachlich | aha aha | jo | passt | in ordnung | gut gut | ach echt | oh wow | wow`),
  fr: phrases(`oui | ouais | d accord | dac | ok | okay | mhm | hum | hmm | ah | oh | ah bon | ah oui | je vois | voila | bien | tres bien |
    c est vrai | exactement | super | genial | carrement | bon | oui oui | entendu | ah d accord | ok d accord | parfait | d accord d accord |
    ben oui | euh | ah ouais | cool | top | ben | bah | bof | heu | hein | eh ben | eh bien | alors | bon ben | tiens | interessant |
    vraiment | compris | oui je vois | mouais | ah tiens | ok ok | ah super | oh la la | waouh | ah oui oui | je comprends | en effet`),
  es: phrases(`si | si si | aja | vale | claro | ya | ok | okay | vale vale | bueno | mmm | mhm | mm | ah | oh | ya veo | entiendo | exacto |
    cierto | de acuerdo | perfecto | genial | que bien | claro claro | ah vale | ah ya | ya ya | eh | este | ah claro | ajam | ok vale |
    pues | em | ehm | mmm mmm | a ver | o sea | bueno pues | aham | mira | ah mira | vaya | anda | interesante | que interesante | uy |
    ostras | hala | venga | okey | guay | ya ya ya | ah ya veo | comprendo | entendido | de acuerdo de acuerdo | si claro | ah bueno`),
};

/** Chinese backchannels and fillers (the longest is removed first, until nothing is left). */
const ZH = byLength([
  '原来如此', '原来是这样', '这样啊', '这样', '原来', '我明白', '明白了', '明白', '知道了', '了解了', '了解', '懂了', '对对对', '没错', '是的', '好的', '好吧',
  '嗯嗯', '对对', '是啊', '对啊', '那个', '这个', '这个嘛', '就是说', '就是', '然后呢', '然后', '怎么说呢', '嗯哼', '哈哈', '哇', '嗯', '对', '好', '哦', '噢',
  '啊', '是', '行', '喔', '唔', '呃', '额', '哎', '嘛', '呀',
]);

/** Reactions: a question in form, asking nothing ("Really?", "Ah bon ?", "是吗？"). Folded, per language. */
export const REACTIONS: Readonly<Record<'en' | 'de' | 'fr' | 'es', readonly string[]>> = {
  en: phrases(`really | oh really | is that so | is that right | no way | seriously | for real | is it | oh is it | did you | oh yeah | yeah`),
  de: phrases(`echt | wirklich | ach wirklich | ach echt | tatsachlich | ehrlich | ach ja | ach so | ist das so | ja | ach`),
  fr: phrases(`vraiment | ah bon | ah ouais | ah oui | c est vrai | ah c est vrai | serieux | sans blague | ah vraiment | tiens | oui | ah`),
  es: phrases(`en serio | de verdad | ah si | si | ah | verdad | ah mira | no me digas | a poco | ah de verdad | ah en serio | ah vale | ah ya | ya`),
};
const ZH_REACTIONS = byLength(['是吗', '是嘛', '真的吗', '真的', '这样吗', '是这样吗', '哦是吗', '是不是', '对吗', '对吧']);

function byLength(list: readonly string[]): readonly string[] {
  return [...new Set(list)].sort((a, b) => b.length - a.length);
}

const FOLDED = new Set(Object.values(BACKCHANNELS).flat());
const FOLDED_REACTIONS = new Set(Object.values(REACTIONS).flat());
const LONGEST = Math.max(...[...FOLDED, ...FOLDED_REACTIONS].map((p) => p.split(' ').length));
/** More words than this is talk, not a backchannel ("yeah yeah okay right" is still one). */
const MAX_WORDS = 5;
const MAX_HAN = 6;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Hums however they are spelled ("mmh", "mhmm", "hmmm", "uhm", "ehh", "aham"): sounds, in every language. */
const HUM = /^(?:m+h*m*|h+m+|m+h+m*|u+h*m*|u+m+|e+h+m*|e+m+|a+h+m*|a+h+a+m+|o+h+)$/u;

interface Parse {
  /** Every word was a listener token. */
  whole: boolean;
  /** Some of them were a reaction ("really", "是吗"). */
  reaction: boolean;
}

/**
 * The words as listener tokens: a segmentation into hums, acknowledgements and reactions ("ya, ya
 * veo" is "ya" + "ya veo", not "ya ya" + "veo"), preferring one with a reaction in it.
 */
function parseLatin(words: readonly string[]): Parse {
  // best[i]: how the words from i on parse (null: they do not).
  const best: (Parse | null)[] = Array.from({ length: words.length + 1 }, () => null);
  best[words.length] = { whole: true, reaction: false };
  for (let i = words.length - 1; i >= 0; i--) {
    const options: Parse[] = [];
    if (HUM.test(words[i]!) && best[i + 1]) options.push(best[i + 1]!);
    for (let n = 1; n <= Math.min(LONGEST, words.length - i); n++) {
      const phrase = words.slice(i, i + n).join(' ');
      const rest = best[i + n];
      if (!rest) continue;
      if (FOLDED_REACTIONS.has(phrase)) options.push({ whole: true, reaction: true });
      else if (FOLDED.has(phrase)) options.push(rest);
    }
    best[i] = options.find((o) => o.reaction) ?? options[0] ?? null;
  }
  return best[0] ?? { whole: false, reaction: false };
}

function parseHan(han: string): Parse {
  let rest = han;
  let reaction = false;
  for (let before = ''; rest && rest !== before; ) {
    before = rest;
    const react = ZH_REACTIONS.find((p) => rest.startsWith(p));
    const ack = ZH.find((p) => rest.startsWith(p));
    const hit = react && (!ack || react.length >= ack.length) ? react : ack;
    if (hit === react && react) reaction = true;
    if (hit) rest = rest.slice(hit.length);
  }
  return { whole: rest === '', reaction };
}

export const isBackchannel: (text: string) => boolean = rememberRecent(readsAsBackchannel);

function readsAsBackchannel(text: string): boolean {
  const question = /[?？¿]/u.test(text);
  // "Really? Where is it?": more than one sentence is talk.
  if (question && (text.match(/[?？]+/gu)?.length ?? 0) > 1) return false;
  const han = text.replace(/[\s\p{P}\p{S}]/gu, '');
  let parse: Parse;
  if (/\p{Script=Han}/u.test(han)) {
    if (han.length > MAX_HAN) return false;
    parse = parseHan(han);
  } else {
    const words = fold(text).split(' ').filter(Boolean);
    if (!words.length || words.length > MAX_WORDS) return false;
    parse = parseLatin(words);
  }
  // A question is a backchannel only as a reaction: "Really?", not "Right?" or "Uh-huh?".
  return parse.whole && (!question || parse.reaction);
}
