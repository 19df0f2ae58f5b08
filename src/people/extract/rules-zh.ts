import { mergeFacts, type ProfileFacts } from '../profile.js';
import { ZH_CUE_ADVERBS } from './cue-lexicon.js';
import type { RuleResult } from './engine.js';
import { looksLikeName } from '../not-names.js';
import { isOrganisation } from '../organisations.js';
import { normalizeNameCase } from './name-pick.js';
import { zhTradeRules } from './trade.js';
import { addressAt, fullNameAt, givenNameAt, namedAt, nicknameAt, skipFillers, surnameAt, ZH_PUNCT } from './zh-names.js';

/**
 * Chinese self-introductions. Without spaces, a name ends where a function character starts
 * ("我叫李明，我在华为工作", "我叫李明在北京住"). "我是X" also says jobs ("我是老师"), so there a name
 * must start with a common surname.
 */

const PUNCT = ZH_PUNCT;
const V = `[^${PUNCT}]`;
const ACTIVITY = new Set([...'打踢玩看读听唱跳画弹游跑爬做下写拍旅骑钓滑养种烹学练']);
const ZH_JOB = /(?:师|员|生|家|长|者|经理|总监|主管|顾问|记者|护士|老板|总裁|作者|教授|实习生|医生|员工|职工|技工|电工|木工|社工|义工)$/u;

/**
 * How a name is read after a cue: `named` after a naming cue (any name, "我叫安娜"), `full` where
 * the same words also say jobs and places (a surname first, "我是王芳" but not "我是老师"), `address`
 * after "call me" (a name or a nickname, "叫我小李").
 */
export type NameMode = 'named' | 'full' | 'address';

/** The name that starts at `index` ("李明" of "我叫李明，…"). */
export function nameAfter(text: string, index: number, mode: NameMode): string | null {
  const name = rawNameAfter(text, index, mode);
  return looksLikeName(name) ? name : null;
}

function rawNameAfter(text: string, index: number, mode: NameMode): string | null {
  const rest = text.slice(index).trimStart();
  const latin = /^[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){0,3}/.exec(rest);
  if (latin) return mode === 'full' ? null : normalizeNameCase(latin[0]);
  if (mode === 'named') return namedAt(rest, 0);
  if (mode === 'address') return addressAt(rest, 0);
  const name = fullNameAt(rest, 0) ?? nicknameAt(rest, 0);
  // "杭州人", "东北人", "李明的朋友": where someone is from, or whose someone is, not who.
  if (!name || name.endsWith('人') || ZH_JOB.test(name) || /^[的人]/u.test(rest.slice(name.length))) return null;
  return name;
}

/** The name at `index`, after a job title if one comes first ("护士王芳" of "我是招商银行的护士王芳"). */
function nameAfterJob(text: string, index: number): string | null {
  for (let k = 4; k >= 2; k--) {
    const job = text.slice(index, index + k);
    if (/^\p{Script=Han}+$/u.test(job) && ZH_JOB.test(job)) {
      const name = nameAfter(text, index + k, 'full');
      if (name) return name;
    }
  }
  return nameAfter(text, index, 'full');
}

/**
 * The cues of a Chinese self-introduction, surest first. Naming cues ("我叫", "我的名字是")
 * take any name; identity cues ("我是", "本人") also say jobs and places, so there a name must
 * start with a surname; "叫我" says what to call the person, a nickname as often as a name,
 * so it comes after both ("我是王芳，叫我小芳就行" is 王芳).
 */
const CUES: { re: RegExp; mode: NameMode; notThen?: RegExp }[] = [
  // "我其实叫王磊", "我本来就叫…": an adverb between 我 and 叫 (cue-lexicon.ts) changes nothing.
  { re: new RegExp(`(?:我的|我)?(?:名字|全名|姓名)(?:是|叫做|叫|为|：|:)|我?名叫|我(?:${ZH_CUE_ADVERBS.join('|')})*叫(?:做)?(?!了)|本人(?:名)?叫`, 'gu'), mode: 'named' },
  // A clause about the job or the errand first, then the name with the subject left out: "我是护士，叫文静", "我教书的，叫孙晓燕".
  // Not the imperative "叫张三过来" ("get Zhang San over here"): someone else is called for.
  { re: /(?<=[，,；;。！!]\s*)(?:就|其实)?叫(?:做)?(?!我)/gu, mode: 'full', notThen: /^(?:过来|出来|下来|上来|来|去|一下|帮|给)/u },
  // Humble words for "I" (在下, 鄙人) say "I am" without 是; 在下 only opening a clause ("在下午" is "in the afternoon").
  { re: /我(?:就|其实|正|便)?是|(?:本人|鄙人|敝人|小弟|小女子|晚辈)(?:是|就是)?|(?<=^|[，,。！!；;\s…~])在下(?:是|就是)?|我乃|这里是/gu, mode: 'full' },
  // After a denial, "是" alone names the right one: "错了，是张维华", "你说错了，应该是刘得明", "不对不对，是赵建萍".
  { re: /(?:不对|错了|不是|弄错|搞错|说错|听错|记错)[了啦呀哦]?[，,。！!\s]*(?:应该|其实)?是/gu, mode: 'full' },
  { re: /(?:叫|管|称呼|喊)我(?:做|为)?|我的小名是|我的昵称是/gu, mode: 'address' },
];

function cuedName(text: string): string | null {
  for (const { re, mode, notThen } of CUES) {
    for (const m of text.matchAll(re)) {
      const at = skipFillers(text, m.index + m[0].length);
      // The whole span up to 的 or a pause: "我是一家小面包店的…" is no 4-character name "一家小面".
      const span = /^[^，。！？、；：,.!?;:\s的]+/u.exec(text.slice(at))?.[0] ?? '';
      if (mode === 'full' && isOrganisation(span)) continue;
      // "我是老师何平", "我是面试者梁思远": a job title between "我是" and the name.
      const name = mode === 'full' ? nameAfterJob(text, at) : nameAfter(text, at, mode);
      if (name && notThen?.test(text.slice(text.indexOf(name, at) + name.length))) continue;
      if (name) return name;
    }
  }
  return null;
}

/**
 * "我姓李，叫李娜", "我姓欧阳，名娜娜", "我姓王，单名一个芳": the surname, then the name or only the given
 * name. The subject may be left out or said humbly when 姓 opens a clause ("免贵姓李，李文静", "敝姓何",
 * "我是快递员，姓刘，刘海").
 */
function surnameFirst(text: string): string | null {
  for (const m of text.matchAll(SURNAME_CUE)) {
    const at = skipFillers(text, m.index + m[0].length);
    const surname = surnameAt(text, at, true);
    if (!surname) continue;
    const described = describedGiven(text.slice(at + surname.length));
    if (described) {
      if (looksLikeName(surname + described)) return surname + described;
      continue;
    }
    const after = /^[，,、\s]*(?:[^，,。！？!?]{0,4}?(?:名叫|叫做|单名一个|单名|双名|名字叫|名字是|全名是|全名|名|叫)|[，,、\s]+)[，,、\s]*/u.exec(text.slice(at + surname.length));
    if (!after) continue;
    const start = skipFillers(text, at + surname.length + after[0].length);
    if (text.startsWith(surname, start)) return nameAfter(text, start, 'full');
    const given = givenNameAt(text, start);
    if (given && looksLikeName(surname + given)) return surname + given;
  }
  return null;
}

/**
 * The given name told character by character after the surname, as Chinese speakers do:
 * "单名一个静字" (a one-character given name, 静), "双名，一个小一个红" (two: 小红), "名字就一个字，
 * 锋". What each character is ("帆船的帆") may follow, and is no part of it.
 */
function describedGiven(rest: string): string | null {
  const single = SINGLE_GIVEN.exec(rest);
  if (single) return single[1]!;
  const double = DOUBLE_GIVEN.exec(rest);
  return double ? double[1]! + double[2]! : null;
}

const HAN_CHAR = '(\\p{Script=Han})';
const PAUSE = '[，,、：:\\s]*';
const SINGLE_GIVEN = new RegExp(`^${PAUSE}(?:名字)?(?:是|就)?(?:单名|单字|名字(?:就|只有)?一个字)${PAUSE}(?:是|就是|叫)?(?:一个)?${PAUSE}${HAN_CHAR}(?:字)?(?=$|[${PUNCT}的])`, 'u');
const DOUBLE_GIVEN = new RegExp(`^${PAUSE}(?:名字)?(?:是)?双名${PAUSE}(?:是|叫)?(?:一个)?${HAN_CHAR}(?:字)?${PAUSE}(?:一个)?${HAN_CHAR}(?:字)?(?=$|[${PUNCT}])`, 'u');

function items(list: string): string[] {
  return list
    .split(/[、，,]|和|与|跟|还有|以及|及/u)
    .map((s) => s.replace(/^(?:也|很|非常|都|特别)+/u, '').trim())
    .filter((s) => s.length > 0 && s.length <= 15 && !/你|这里|这个|那个/u.test(s));
}

const GREETING = '(?:你好|您好|大家好|嗨|哈喽|哈罗|早上好|上午好|下午好|晚上好|早)';
const LEAD = new RegExp(`^(?:${GREETING}(?:啊|呀)?[！!，,。\\s…~]*)*(?:(?:嗯|呃|额|那个|啊)[，,。\\s…~]*)*`, 'u');
/** After a name said first: what makes it a self-introduction. */
const AFTER_FIRST_NAME = new RegExp(
  [
    // "王芳是我的名字", "何平，你好。", "周杰，很高兴认识你".
    `^[，,。！!\\s…~]*(?:就?是我的名字|${GREETING}|很高兴|幸会|请多(?:关照|指教))`,
    // "王芳，来自上海。", "李伟，在华为当工程师", "刘洋，今年三十岁": after a pause, the person says more about themselves.
    `^[，,。！!\\s…~]+我?(?:来自|从|是从|家在|住在|在|今年|是|做|当|目前|现在|的名字)`,
    `^[，,\\s]*(?:来自|从|是从|家在|住在)`,
  ].join('|'),
  'u',
);

/**
 * A name said first ("王芳，来自上海。", "你好！李伟，从成都来的。", "何平，你好。", "你好，王芳。"):
 * a full name at the start (after a greeting or filler), then a greeting, more about the person,
 * or nothing after a greeting. A question is never an introduction ("李明，在吗？").
 */
function nameFirst(text: string): string | null {
  if (/[?？吗]\s*$/u.test(text)) return null;
  const lead = LEAD.exec(text)?.[0] ?? '';
  const name = nameAfter(text, lead.length, 'full');
  if (!name) return null;
  const after = text.slice(lead.length + name.length);
  const greeted = /\p{Script=Han}/u.test(lead) && GREETED.test(lead);
  return AFTER_FIRST_NAME.test(after) || explainsCharacter(name, after) || (greeted && /^[，,。！!\s…~]*$/u.test(after)) ? name : null;
}

/**
 * "张维华，维是维护的维": which character of the name is meant, the way Chinese speakers spell a
 * name ("X是…的X", "草字头的萍"). Only a name is explained character by character.
 */
function explainsCharacter(name: string, after: string): boolean {
  const m = /^[，,。\s]*(?:(\p{Script=Han})是[^，。！？,.!?]{1,8}的(\p{Script=Han})|[^，。！？,.!?]{1,6}的(\p{Script=Han}))/u.exec(after);
  if (!m) return false;
  return m[1] ? m[1] === m[2] && name.includes(m[1]) : name.includes(m[3]!);
}

const SURNAME_CUE = /我姓|(?<=^|[，,。！!；;\s…~])(?:免贵|本人|鄙人|在下|敝)?姓/gu;

const first = (text: string, re: RegExp) => re.exec(text)?.groups ?? null;

// Compiled once, not on every utterance: Unicode patterns cost a compilation each.
const GREETED = new RegExp(`^${GREETING}`, 'u');
const DESCRIBED_THEN_NAME = new RegExp(`我(?:就)?是(?<mod>[^${PUNCT}的]{1,15})的[，, ]?(?:叫)?`, 'gu');
const WORKS_AT_AS = new RegExp(`我在(?<company>${V}{1,20}?)(?:当|做|担任)(?<position>${V}{1,12})`, 'u');
const WORKS_AT = new RegExp(`我在(?<company>${V}{1,20}?)(?:工作|上班|任职|实习)`, 'u');
const EMPLOYER_POSITION = new RegExp(`我是(?<company>[^${PUNCT}的]{1,15})的(?<position>${V}{1,12})`, 'u');
const IS_A = new RegExp(`我是(?:一名|一个|一位)(?<position>${V}{1,12})`, 'u');
const JOB_IS = new RegExp(`我的(?:工作|职业)是(?<position>${V}{1,12})`, 'u');
const LIVES_IN = new RegExp(`我(?:住在|家在|现在住在)(?<location>${V}{1,15}?)(?=[${PUNCT}]|和|$)`, 'u');
const TRADES = zhTradeRules(PUNCT);
const COMES_FROM = new RegExp(`我来自(?<location>${V}{1,15}?)(?=[${PUNCT}]|和|$)`, 'u');

export function applyChinese(raw: string, expectingName: boolean): RuleResult {
  if (!/\p{Script=Han}/u.test(raw)) return { user_name: null, facts: {} };
  // Full-width letters, digits and pauses as their half-width forms ("，" stays, "Ａｎｎａ" is "Anna").
  const text = raw.normalize('NFKC');
  let user_name = cuedName(text) ?? surnameFirst(text);

  user_name ??= nameFirst(text);
  // "我是京东集团的吴军", "我是华为的，叫陈静", "我是新来的王芳": what describes the person comes
  // first, the name after 的 (never the employer). Unless an employer came first, the name must
  // end the clause: "我是李明的同事" is no one called 同事.
  if (!user_name) {
    // exec from lastIndex 0, not matchAll: matchAll would clone the pattern on every utterance.
    DESCRIBED_THEN_NAME.lastIndex = 0;
    for (let m = DESCRIBED_THEN_NAME.exec(text); m; m = DESCRIBED_THEN_NAME.exec(text)) {
      const name = nameAfterJob(text, m.index + m[0].length);
      const end = name ? text.indexOf(name, m.index + m[0].length) + name.length : -1;
      if (name && (isOrganisation(m.groups!.mod!) || end >= text.length || PUNCT.includes(text[end]!))) {
        user_name = name;
        break;
      }
    }
  }

  const facts: ProfileFacts = {};
  const work =
    first(text, WORKS_AT_AS) ??
    first(text, WORKS_AT);
  if (work?.company) facts.current_company = work.company;
  const employer = first(text, EMPLOYER_POSITION);
  if (employer?.position && ZH_JOB.test(employer.position)) {
    facts.current_company ??= employer.company ?? null;
    facts.current_position = employer.position;
  }
  const position =
    work?.position ??
    first(text, IS_A)?.position ??
    first(text, JOB_IS)?.position ??
    TRADES.map((re) => first(text, re)?.position).find(Boolean);
  if (position) facts.current_position ??= position;

  const location =
    first(text, LIVES_IN) ??
    first(text, COMES_FROM) ??
    first(text, /我是(?<location>\p{Script=Han}{2,4})人/u);
  if (location?.location && !user_name?.startsWith(location.location)) facts.location = location.location;

  const hobbies = first(text, /我的爱好是(?<list>[^。！？.!?]+)/u);
  const likes = first(text, /我(?:很|非常|也|特别)?喜欢(?<list>[^。！？.!?]+)/u);
  const curious = first(text, /我对(?<list>[^。！？.!?]+?)(?:很|非常|特别)?感兴趣/u);
  const out = { hobbies: items(hobbies?.list ?? ''), interests: items(curious?.list ?? '') };
  for (const item of items(likes?.list ?? '')) (ACTIVITY.has(item[0]!) ? out.hobbies : out.interests).push(item);
  return { user_name, facts: mergeFacts(facts, out) };
}

/** Words that answer or greet, never a name: a bare reply is only a name without them. */
// Fillers too (呃, 那个, 额): "呃，不是张伟华，是张维华" leaves "呃 是张维华" once the rejected name is cut out.
const NOT_A_BARE_NAME = /^(?:差不多|差一点|而是|错了|搞错了|你好|您好|谢谢|再见|什么|是的|是我|是|不是|不对|不|对|对的|没错|嗯|好的|好|哦|啊|没有|呃|额|那个|哎|唉|喔|其实|就是)/u;

/** "李明。" or "不是，王芳" in reply to a name question: a full name, starting with a surname, and nothing more. */
export function bareChineseName(text: string): string | null {
  let rest = text.replace(/[，。！？、；：,.!?;:…~～—\s]+/gu, ' ').trim();
  for (let match = NOT_A_BARE_NAME.exec(rest); match; match = NOT_A_BARE_NAME.exec(rest)) rest = rest.slice(match[0].length).trim();
  const name = rest ? nameAfter(rest, 0, 'full') : null;
  // The name is all of the answer ("王芳呀"), not the start of a sentence ("李明是我的朋友").
  return name && /^[\s呀啊吧呢哦嘛啦]*$/u.test(rest.slice(name.length)) ? name : null;
}
