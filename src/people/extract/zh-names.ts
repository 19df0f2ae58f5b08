/**
 * Chinese personal names in running text. Chinese is written without spaces, so nothing marks
 * where a name ends; it is found the way a reader finds it: a surname from the list of common
 * ones (single or compound: 王, 欧阳), then a given name of one or two characters, ending early
 * at a particle, a pronoun, a copula, or a word that starts the next part of the sentence (今年,
 * 住在, 工程师). After an explicit naming cue ("我叫", "我的名字是") a name needs no surname
 * ("小李", "安娜", "安娜贝尔"): there it runs to the next function word or pause, up to four
 * characters.
 */

/** Pauses, in both widths (speech-to-text and keyboards write either). */
export const ZH_PUNCT = '，。！？、；：,.!?;:…~～ 　"“”\'‘’（）()—';

const SINGLE_SURNAMES = new Set([
  ...'李王张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文',
  // More of the commonest; not those that start common words after 我是 (上海人, 东北人, 司机, 房东, 向导, 车主, 左撇子).
  ...'严付温施洪莫岳覃牛葛殷柯柴申聂翟庞滕骆尚鲁谷章凌韦晏蓝甘包齐祁窦阮邢闫欧诸慕杭简饶管安纪伍符景辛关卜霍裴倪樊褚季麦芦柳',
  // Less common ones of the Hundred Surnames still met today; not those that start everyday words (干, 应, 容, 宁, 单身, 党员…).
  ...'陶俞鲍岑毕邬卞臧伏茅舒屈项祝闵席麻娄童颜梅盛刁虞裘缪宣郁荀甄芮储靳焦巫隗邰蔺屠冉桑濮燕冀庄瞿艾詹耿匡寇阙敖阚鞠巢荆游权逯桓戚尤喻柏奚苗费廉汲邴糜弓宓蓬郗班仰仲伊宫仇栾戎祖韶郜蓟薄蒲鄂咸卓胥闻莘贡逄姬扶堵宰郦雍璩桂寿扈郏浦晏茹宦鱼戈庾暨弘沃蔚夔巩厍晁勾訾毋乜蒯竺谈昝翁羊惠嵇邸邝佟冼揭蒙',
]);

/** Two-character surnames; tried before the single one they start with (欧阳 before 欧). */
const COMPOUND_SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '夏侯', '令狐', '端木', '南宫', '独孤', '西门', '轩辕', '呼延', '澹台', '申屠', '钟离', '万俟', '闻人', '赫连', '太史', '百里', '东郭', '公冶', '濮阳', '淳于', '单于', '宗政'];

/**
 * Characters that never sit inside a given name as said in a sentence: pronouns, particles,
 * copulas, prepositions, fillers, and verbs that start the next clause ("我叫王芳在华为", "我是李明来面试的").
 */
const STOP_CHARS = new Set([...'我你您他她它们在的和跟与及是也很就都还吧啦呀呢啊哦嘛了吗呗哈噢喔哟咯嗯呃额唔来住从做当今喜工总请谢叫姓名说要想去到给让被把这那哪谁什么个位']);

/** Words that start the next part of the sentence (age, work, place, title): a name ends before them. */
const NEXT_WORDS = [
  '今年', '现在', '目前', '来自', '住在', '家住', '工作', '上班', '喜欢', '从事', '就职', '任职', '负责', '毕业', '出生', '老家', '家乡',
  '先生', '女士', '小姐', '老师', '医生', '大夫', '护士', '经理', '律师', '会计', '学生', '教授', '同学', '同事', '工程师', '程序员', '设计师',
  '司机', '厨师', '记者', '老板', '博士', '硕士', '主任', '总监', '主管', '顾问', '秘书', '助理', '店长', '职员', '员工', '实习',
  '北京', '上海', '广州', '深圳', '天津', '重庆', '成都', '杭州', '南京', '武汉', '西安', '苏州', '青岛', '香港', '台北', '台湾',
  '很高兴', '高兴', '认识', '幸会', '你好', '您好', '谢谢', '刚才', '刚刚', '已经', '一直', '平时', '今天', '明天', '昨天',
];

/**
 * Everyday words that start with a surname character: after "我是" they are no name
 * ("我是马上要面试的", "我是安全部门的"). Only checked where a name needs a surname.
 */
const COMMON_WORDS = ['马上', '高兴', '方便', '安全', '安静', '白天', '黄色', '金色', '文件', '程序', '常常', '于是', '万一', '许多', '周末', '钱包', '成人', '江南', '何时', '明白', '明天', '时候', '关于', '全部', '全家', '东西', '司机', '向导', '车主', '房东', '管理', '杭州人', '国内', '国外', '和平', '平时', '单位', '公司', '公务员', '游客', '乐意', '宁愿', '刚', '易于', '红色', '花园', '山东', '山西', '江苏', '江西', '广东', '广西', '湖南', '湖北', '云南', '福建', '海南', '东北', '新来', '师傅', '常客', '金融', '高中', '高级', '周一', '周二', '周三', '周四', '周五', '周六', '周日', '周天', '全职', '文员', '白领', '蓝领', '安保', '管家', '管理员', '平常', '高中生', '初中', '小学', '小时', '小孩', '小朋友', '小区', '小组', '老家', '老板', '老师', '老人', '大家', '大学', '大概', '阿姨'];

const HAN = /\p{Script=Han}/u;

function startsWord(text: string, at: number, words: readonly string[]): boolean {
  return words.some((w) => text.startsWith(w, at));
}

/** A character that can be part of a given name at `at`. */
function givenChar(text: string, at: number): boolean {
  const ch = text[at];
  return !!ch && HAN.test(ch) && !STOP_CHARS.has(ch) && !startsWord(text, at, NEXT_WORDS);
}

/** The surname that starts at `at`, compound first; `alone`: said by itself ("我姓欧阳，…"), no given name after it. */
export function surnameAt(text: string, at: number, alone = false): string | null {
  const compound = COMPOUND_SURNAMES.find((s) => text.startsWith(s, at) && (alone || givenChar(text, at + s.length)));
  if (compound) return compound;
  const single = text[at];
  return single && SINGLE_SURNAMES.has(single) ? single : null;
}

/** One or two characters of a given name at `at`. */
export function givenNameAt(text: string, at: number): string {
  let given = '';
  while (given.length < 2 && givenChar(text, at + given.length)) given += text[at + given.length];
  return given;
}

/** The run of name characters at `at` up to a pause or function word (at most five, to see whether it is longer than four). */
function runAt(text: string, at: number): string {
  let run = '';
  while (run.length < 5 && (run.length === 0 ? HAN.test(text[at] ?? '') && !STOP_CHARS.has(text[at]!) : givenChar(text, at + run.length))) run += text[at + run.length];
  return run;
}

const atPause = (text: string, at: number) => at >= text.length || ZH_PUNCT.includes(text[at]!);

/**
 * The full name (surname + given name) that starts at `at`, or null. "王芳" of "王芳，在华为工作",
 * "欧阳娜娜" of "欧阳娜娜呀", never "马上" of "马上要走".
 */
export function fullNameAt(text: string, at: number): string | null {
  if (startsWord(text, at, COMMON_WORDS)) return null;
  const surname = surnameAt(text, at);
  if (!surname) return null;
  const given = givenNameAt(text, at + surname.length);
  return given ? surname + given : null;
}

/**
 * The name at `at` after an explicit naming cue: a full name, or a name or nickname without a
 * surname ("小李", "安娜贝尔") when it stands alone up to a pause or function word.
 */
export function namedAt(text: string, at: number): string | null {
  const run = runAt(text, at);
  const full = fullNameAt(text, at);
  // "安娜贝尔。": the whole run, bounded by a pause, is the name when it is no longer than four.
  if (run.length >= 2 && run.length <= 4 && (!full || run.length > full.length) && atPause(text, at + run.length)) return run;
  if (full) return full;
  return run.length >= 1 && run.length <= 4 ? run : null;
}

/** A nickname of a familiar kind: 小, 老 or 阿 before a surname or a given name ("小李", "老王", "阿明"). */
export function nicknameAt(text: string, at: number): string | null {
  if (!'小老阿'.includes(text[at] ?? '') || startsWord(text, at, COMMON_WORDS)) return null;
  const rest = givenNameAt(text, at + 1);
  return rest ? text[at]! + rest : null;
}

const NUMERALS = new Set([...'一二两三四五六七八九十百几第每']);

/** What someone asks to be called ("叫我小李", "叫我安娜"): a name or nickname, never a count ("叫我一声"). */
export function addressAt(text: string, at: number): string | null {
  if (NUMERALS.has(text[at] ?? '')) return null;
  return fullNameAt(text, at) ?? nicknameAt(text, at) ?? namedAt(text, at);
}

/** "嗯", "那个", "呃……" and pauses between a cue and the name ("我叫，呃，王芳"). */
const FILLERS = /^(?:[，,、…~～\s　]|嗯|呃|额|唔|那个|这个|啊|哦|就是)+/u;

export function skipFillers(text: string, at: number): number {
  const m = FILLERS.exec(text.slice(at));
  return m ? at + m[0].length : at;
}
