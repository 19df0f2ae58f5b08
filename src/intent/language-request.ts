import { LANGUAGES, type Language } from '../config/index.js';

/**
 * Names of languages as people say them in the languages the robot hears, written without
 * diacritics. Latin-script entries are word-initial stems, so inflections match too
 * ("Deutsch", "deutschen", "ins Russische"); CJK entries are matched as substrings.
 */
const NAMES: Record<string, { latin: string[]; cjk: string[] }> = {
  en: { latin: ['english', 'englisch', 'anglais', 'ingles', 'inglese'], cjk: ['英语', '英文', '英語', '英国话', '英國話'] },
  de: { latin: ['german', 'deutsch', 'allemand', 'aleman', 'tedesco'], cjk: ['德语', '德文', '德語', 'ドイツ語'] },
  fr: { latin: ['french', 'franzosisch', 'franzoesisch', 'francais', 'frances', 'francese'], cjk: ['法语', '法文', '法語', 'フランス語'] },
  zh: {
    latin: ['chinese', 'chinesisch', 'chinois', 'chino', 'cinese', 'mandarin', 'putonghua'],
    cjk: ['中文', '汉语', '漢語', '普通话', '普通話', '国语', '國語', '华语', '華語', '中国话', '中國話', '中国語'],
  },
  es: { latin: ['spanish', 'spanisch', 'espagnol', 'espanol', 'castellano', 'spagnolo'], cjk: ['西班牙语', '西班牙文', '西语', 'スペイン語'] },
  it: { latin: ['italian', 'italienisch', 'italien', 'italiano'], cjk: ['意大利语', '意大利文', '义大利语', 'イタリア語'] },
  ja: { latin: ['japanese', 'japanisch', 'japonais', 'japones', 'giapponese'], cjk: ['日语', '日文', '日本语', '日本語'] },
  ko: { latin: ['korean', 'koreanisch', 'coreen', 'coreano'], cjk: ['韩语', '韩文', '韓語', '朝鲜语', '韓国語'] },
  ru: { latin: ['russian', 'russisch', 'russe', 'ruso', 'russo'], cjk: ['俄语', '俄文', '俄語', 'ロシア語'] },
  pt: { latin: ['portugues', 'portugiesisch', 'portugais', 'portoghese'], cjk: ['葡萄牙语', '葡语', '葡萄牙文'] },
  nl: { latin: ['dutch', 'niederlandisch', 'niederlaendisch', 'hollandisch', 'hollaendisch', 'neerlandais', 'hollandais', 'neerlandes', 'olandese', 'nederlands', 'flemish', 'flamisch'], cjk: ['荷兰语', '荷兰文'] },
  ar: { latin: ['arabic', 'arabisch', 'arabe', 'arabo'], cjk: ['阿拉伯语', '阿拉伯文'] },
  tr: { latin: ['turkish', 'turkisch', 'tuerkisch', 'turc', 'turco', 'turkce'], cjk: ['土耳其语'] },
  pl: { latin: ['polish', 'polnisch', 'polonais', 'polaco', 'polacco', 'polski'], cjk: ['波兰语'] },
  sv: { latin: ['swedish', 'schwedisch', 'suedois', 'sueco', 'svedese', 'svenska'], cjk: ['瑞典语'] },
  no: { latin: ['norwegian', 'norwegisch', 'norvegien', 'noruego', 'norsk'], cjk: ['挪威语'] },
  da: { latin: ['danish', 'danisch', 'daenisch', 'danois', 'danes', 'dansk'], cjk: ['丹麦语'] },
  fi: { latin: ['finnish', 'finnisch', 'finnois', 'finlandes', 'suomi'], cjk: ['芬兰语'] },
  el: { latin: ['greek', 'griechisch', 'grec', 'griego', 'greco'], cjk: ['希腊语'] },
  he: { latin: ['hebrew', 'hebraisch', 'hebraeisch', 'hebreu', 'hebreo', 'ivrit'], cjk: ['希伯来语'] },
  hi: { latin: ['hindi'], cjk: ['印地语', '印度语'] },
  bn: { latin: ['bengali', 'bangla', 'bengalisch'], cjk: ['孟加拉语'] },
  ur: { latin: ['urdu'], cjk: ['乌尔都语'] },
  fa: { latin: ['persian', 'persisch', 'persan', 'farsi'], cjk: ['波斯语'] },
  th: { latin: ['thai'], cjk: ['泰语', '泰文'] },
  vi: { latin: ['vietnam'], cjk: ['越南语', '越南文'] },
  id: { latin: ['indonesi', 'bahasa indonesia'], cjk: ['印尼语', '印度尼西亚语'] },
  ms: { latin: ['malay', 'malaiisch', 'malais', 'malayo', 'bahasa melayu'], cjk: ['马来语'] },
  tl: { latin: ['tagalog', 'filipino'], cjk: ['他加禄语', '菲律宾语'] },
  sw: { latin: ['swahili', 'suaheli', 'kiswahili'], cjk: ['斯瓦希里语'] },
  uk: { latin: ['ukrain'], cjk: ['乌克兰语'] },
  cs: { latin: ['czech', 'tschechisch', 'tcheque', 'checo', 'ceco'], cjk: ['捷克语'] },
  sk: { latin: ['slovak', 'slowakisch', 'slovaque', 'eslovaco'], cjk: ['斯洛伐克语'] },
  hu: { latin: ['hungarian', 'ungarisch', 'hongrois', 'hungaro', 'ungherese', 'magyar'], cjk: ['匈牙利语'] },
  ro: { latin: ['romanian', 'rumanisch', 'rumaenisch', 'roumain', 'rumano', 'rumeno'], cjk: ['罗马尼亚语'] },
  bg: { latin: ['bulgarian', 'bulgarisch', 'bulgare', 'bulgaro'], cjk: ['保加利亚语'] },
  hr: { latin: ['croatian', 'kroatisch', 'croate', 'croata', 'hrvatski'], cjk: ['克罗地亚语'] },
  sr: { latin: ['serbian', 'serbisch', 'serbe', 'serbio'], cjk: ['塞尔维亚语'] },
  sl: { latin: ['slovenian', 'slovene', 'slowenisch', 'slovene'], cjk: ['斯洛文尼亚语'] },
  ca: { latin: ['catalan', 'katalanisch', 'catala'], cjk: ['加泰罗尼亚语'] },
  eu: { latin: ['basque', 'baskisch', 'vasco', 'euskara', 'euskera'], cjk: ['巴斯克语'] },
  gl: { latin: ['galician', 'galicisch', 'galicien', 'gallego', 'galego'], cjk: ['加利西亚语'] },
  ga: { latin: ['irish', 'gaelic', 'irisch', 'irlandais', 'gaeilge'], cjk: ['爱尔兰语'] },
  cy: { latin: ['welsh', 'walisisch', 'gallois', 'gales'], cjk: ['威尔士语'] },
  br: { latin: ['breton', 'bretonisch', 'brezhoneg'], cjk: ['布列塔尼语'] },
  is: { latin: ['icelandic', 'islandisch', 'islaendisch', 'islandais'], cjk: ['冰岛语'] },
  et: { latin: ['estonian', 'estnisch', 'estonien'], cjk: ['爱沙尼亚语'] },
  lv: { latin: ['latvian', 'lettisch', 'letton'], cjk: ['拉脱维亚语'] },
  lt: { latin: ['lithuanian', 'litauisch', 'lituanien'], cjk: ['立陶宛语'] },
  ta: { latin: ['tamil'], cjk: ['泰米尔语'] },
  te: { latin: ['telugu'], cjk: ['泰卢固语'] },
  mn: { latin: ['mongolian', 'mongolisch', 'mongol'], cjk: ['蒙古语', '蒙语'] },
  wo: { latin: ['wolof'], cjk: ['沃洛夫语'] },
  qu: { latin: ['quechua', 'ketschua'], cjk: ['克丘亚语'] },
  yo: { latin: ['yoruba'], cjk: ['约鲁巴语'] },
  ha: { latin: ['hausa'], cjk: ['豪萨语'] },
  zu: { latin: ['zulu'], cjk: ['祖鲁语'] },
  am: { latin: ['amharic', 'amharisch', 'amharique'], cjk: ['阿姆哈拉语'] },
  la: { latin: ['latin', 'latein'], cjk: ['拉丁语'] },
  eo: { latin: ['esperanto'], cjk: ['世界语'] },
  af: { latin: ['afrikaans'], cjk: ['南非语'] },
};

// A language named right after one of these is the one being left (or the user's own, weak
// one), not the one asked for: "instead of English", "kein Englisch", "my English is bad".
const AWAY_FROM =
  /(instead of|rather than|from|not|no|stop speaking|my|statt|anstatt|anstelle|von|kein\p{L}*|nicht|mein\p{L}*|hor auf,?|au lieu de?|plutot que|pas|mon|arrete de parler|en lugar de|en vez de|no en|mi|no hables|no entiendo|不要|而不是|别说?|不用|不会|听不懂|不懂|我的|我)\s*(l'|le |la |del |el |dem |der |das |en |in |auf )?$/u;

const stripDiacritics = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

// All Latin-script names in one pattern: one pass over the utterance instead of one per name.
// Longer stems first, so that the longest name at a position wins.
const STEM_CODE = new Map(Object.entries(NAMES).flatMap(([code, n]) => n.latin.map((stem) => [stem, code] as const)));
const LATIN = new RegExp(
  `(?<!\\p{L})(${[...STEM_CODE.keys()].sort((a, b) => b.length - a.length).join('|')})\\p{L}*`,
  'gu',
);
const CJK = Object.entries(NAMES).flatMap(([code, n]) => n.cjk.map((word) => ({ code, word })));

export interface LanguageRequest {
  /** ISO 639-1 code of the language asked for. */
  code: string;
  /** Whether the daemon can hold a conversation in it. */
  supported: boolean;
}

/**
 * Which language does "Kannst du Deutsch sprechen?" ask for? Finds the language names in the
 * utterance; prefers one other than the current language and not introduced by "instead of".
 */
export function detectLanguageRequest(text: string, current: Language): LanguageRequest | null {
  const plain = stripDiacritics(text.toLowerCase());
  const found: { code: string; at: number; away: boolean }[] = [];
  for (const m of plain.matchAll(LATIN)) {
    found.push({ code: STEM_CODE.get(m[1]!)!, at: m.index, away: AWAY_FROM.test(plain.slice(0, m.index)) });
  }
  for (const { code, word } of CJK) {
    const at = text.indexOf(word);
    if (at >= 0) found.push({ code, at, away: AWAY_FROM.test(text.slice(0, at)) });
  }
  if (!found.length) return null;
  found.sort((a, b) => a.at - b.at);
  // An explicit "not English" outweighs "English is what I speak now".
  const rank = (f: (typeof found)[number]) => (f.code !== current ? 0 : 1) + (f.away ? 2 : 0);
  const best = found.reduce((a, b) => (rank(b) < rank(a) ? b : a));
  return { code: best.code, supported: isSupportedLanguage(best.code) };
}

export function isSupportedLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/** "de-DE", "zh_CN", "DE" → a supported language, or null. */
export function supportedLanguageFromTag(tag: string | undefined | null): Language | null {
  const base = tag?.toLowerCase().split(/[-_]/)[0] ?? '';
  return isSupportedLanguage(base) ? base : null;
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/** "Swahili" in English, "Suaheli" in German: from the ICU data Node ships. */
export function languageName(code: string, inLanguage: Language): string {
  let names = displayNames.get(inLanguage);
  if (!names) displayNames.set(inLanguage, (names = new Intl.DisplayNames([inLanguage], { type: 'language' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed language code
  }
}
