/**
 * Backchannels: what a listener says to show they follow ("uh-huh", "genau", "d'accord", "ajá",
 * "嗯"), and the fillers of someone about to speak ("Well…", "Ähm…", "Ben…", "Pues…", "呃…"), which ask for nothing. Said while the robot speaks, it is no turn: the robot goes on.
 * An utterance is a backchannel when it is made only of such words and fillers, is short, and is
 * not a question ("Right?" asks). Anything longer, or with one other word, is a real utterance.
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
    well | so | er | erm | uhm | umm | uhh | hmm hmm | huh`),
  de: phrases(`ja | jaja | ja ja | genau | mhm | hm | aha | ach so | achso | okay | ok | klar | stimmt | richtig | gut | super | toll | echt |
    interessant | na ja | naja | ah | oh | verstehe | ich verstehe | alles klar | cool | schon | jep | ah ja | ach | oh ja | ja genau |
    ah okay | sehr gut | prima | krass | ahm | aehm | aeh | ohm | also | tja | nun | na | hmm`),
  fr: phrases(`oui | ouais | d accord | dac | ok | okay | mhm | hum | hmm | ah | oh | ah bon | ah oui | je vois | voila | bien | tres bien |
    c est vrai | exactement | super | genial | carrement | bon | oui oui | entendu | ah d accord | ok d accord | parfait | d accord d accord |
    ben oui | euh | ah ouais | cool | top | ben | bah | bof | heu | hein | eh ben | eh bien | alors | bon ben`),
  es: phrases(`si | si si | aja | vale | claro | ya | ok | okay | vale vale | bueno | mmm | mhm | mm | ah | oh | ya veo | entiendo | exacto |
    cierto | de acuerdo | perfecto | genial | que bien | claro claro | ah vale | ah ya | ya ya | eh | este | ah claro | ajam | ok vale |
    pues | em | ehm | mmm mmm | a ver | o sea | bueno pues`),
};

/** Chinese backchannels, longest first, removed from the utterance until nothing is left. */
const ZH = ['原来如此', '这样啊', '我明白', '知道了', '对对对', '没错', '明白', '了解', '是的', '好的', '好吧', '嗯嗯', '对对', '是啊', '对啊', '那个', '嗯哼', '嗯', '对', '好', '哦', '噢', '啊', '是', '行', '喔', '唔', '呃', '额', '哎'];

const FOLDED = new Set(Object.values(BACKCHANNELS).flat());
const LONGEST = Math.max(...[...FOLDED].map((p) => p.split(' ').length));
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

/** Hums however they are spelled ("mmh", "mhmm", "hmmm", "uhm", "ehh"): sounds, in every language. */
const HUM = /^(?:m+h*m*|h+m+|m+h+m*|u+h*m*|u+m+|e+h+m*|e+m+|a+h+m*|o+h+)$/u;

/** Whether the words are all backchannels: phrases matched greedily, longest first. */
function allBackchannels(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; ) {
    if (HUM.test(words[i]!)) {
      i++;
      continue;
    }
    let matched = 0;
    for (let n = Math.min(LONGEST, words.length - i); n > 0 && !matched; n--) if (FOLDED.has(words.slice(i, i + n).join(' '))) matched = n;
    if (!matched) return false;
    i += matched;
  }
  return true;
}

export function isBackchannel(text: string): boolean {
  if (/[?？¿]/u.test(text)) return false;
  const han = text.replace(/[\s\p{P}\p{S}]/gu, '');
  if (/\p{Script=Han}/u.test(han)) {
    if (han.length > MAX_HAN) return false;
    let rest = han;
    for (let before = ''; rest && rest !== before; ) {
      before = rest;
      const hit = ZH.find((p) => rest.startsWith(p));
      if (hit) rest = rest.slice(hit.length);
    }
    return rest === '';
  }
  const words = fold(text).split(' ').filter(Boolean);
  return words.length > 0 && words.length <= MAX_WORDS && allBackchannels(words);
}
