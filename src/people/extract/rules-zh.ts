import { mergeFacts, type ProfileFacts } from '../profile.js';
import type { RuleResult } from './engine.js';
import { looksLikeName } from '../not-names.js';
import { isOrganisation } from '../organisations.js';
import { normalizeNameCase } from './name-pick.js';

/**
 * Chinese self-introductions. Without spaces, a name ends where a function character starts
 * ("我叫李明，我在华为工作", "我叫李明在北京住"). "我是X" also says jobs ("我是老师"), so there a name
 * must start with a common surname.
 */

const PUNCT = '，。！？、；：,.!?;: ';
const V = `[^${PUNCT}]`;
/** Characters that start the next part of the sentence after a name. */
const AFTER_NAME = new Set([...'我在的和跟住来今是喜工做从也很就吧啦呀呢，。！？、 ']);
const SURNAMES = new Set([
  ...'李王张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘杜戴夏钟汪田任姜范方石姚谭廖邹熊金陆郝孔白崔康毛邱秦江史顾侯邵孟龙万段雷钱汤尹黎易常武乔贺赖龚文',
  // More of the hundred commonest (not those that start common words after 我是: 上海人, 东北人, 司机, 房东, 向导, 车主, 左撇子).
  ...'严付温施洪莫岳覃牛葛殷柯柴申聂翟庞滕骆尚鲁谷章凌韦晏蓝甘包齐祁窦阮邢闫欧诸慕杭简饶管安纪伍符景辛关卜霍裴倪樊褚季麦芦柳',
]);
const ACTIVITY = new Set([...'打踢玩看读听唱跳画弹游跑爬做下写拍旅骑钓滑养种烹学练']);
const ZH_JOB = /(?:师|员|生|家|长|经理|总监|主管|顾问|记者|护士|老板|总裁|作者|教授|实习生|医生)$/u;

function hanName(raw: string, minLength: number): string | null {
  let name = '';
  for (const ch of raw) {
    if (name.length > 0 && AFTER_NAME.has(ch)) break;
    if (!/\p{Script=Han}/u.test(ch) || name.length >= 4) break;
    name += ch;
  }
  return name.length >= minLength ? name : null;
}

/** The name that starts at `index` ("李明" of "我叫李明，…"); strict: a full name starting with a surname. */
export function nameAfter(text: string, index: number, strict: boolean): string | null {
  const name = rawNameAfter(text, index, strict);
  return looksLikeName(name) ? name : null;
}

function rawNameAfter(text: string, index: number, strict: boolean): string | null {
  const rest = text.slice(index).trimStart();
  const latin = /^[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){0,3}/.exec(rest);
  if (latin) return strict ? null : normalizeNameCase(latin[0]);
  const name = hanName(rest, strict ? 2 : 1);
  if (!name) return null;
  // "杭州人", "东北人": where someone is from, not who.
  if (strict && (!SURNAMES.has(name[0]!) || name.length > 3 || name.endsWith('人') || ZH_JOB.test(name) || /^[的人]/.test(rest.slice(name.length)))) return null;
  return name;
}

/** The name at `index`, after a job title if one comes first ("护士王芳" of "我是招商银行的护士王芳"). */
function nameAfterJob(text: string, index: number): string | null {
  for (let k = 4; k >= 2; k--) {
    const job = text.slice(index, index + k);
    if (/^\p{Script=Han}+$/u.test(job) && ZH_JOB.test(job)) {
      const name = nameAfter(text, index + k, true);
      if (name) return name;
    }
  }
  return nameAfter(text, index, true);
}

function items(list: string): string[] {
  return list
    .split(/[、，,]|和|与|跟|还有|以及|及/u)
    .map((s) => s.replace(/^(?:也|很|非常|都|特别)+/u, '').trim())
    .filter((s) => s.length > 0 && s.length <= 15 && !/你|这里|这个|那个/u.test(s));
}

const first = (text: string, re: RegExp) => re.exec(text)?.groups ?? null;

export function applyChinese(text: string, expectingName: boolean): RuleResult {
  if (!/\p{Script=Han}/u.test(text)) return { user_name: null, facts: {} };
  let user_name: string | null = null;
  const explicit = /(?:我叫|我的名字是|我的名字叫|名字叫|叫我|我名叫|我姓名是)/u.exec(text);
  if (explicit) user_name = nameAfter(text, explicit.index + explicit[0].length, false);
  if (!user_name) {
    const weak = /我是/u.exec(text);
    // The whole span up to 的 or a pause: "我是一家小面包店的…" is no 4-character name "一家小面".
    const span = weak ? (/^[^，。！？、；：,.!?;:\s的]+/u.exec(text.slice(weak.index + 2))?.[0] ?? '') : '';
    if (weak && !isOrganisation(span)) user_name = nameAfter(text, weak.index + 2, !expectingName);
  }
  // "王芳，来自上海。", "你好！李伟，从成都来的。": a name, then where the person is from.
  if (!user_name) {
    const from = /^(?:(?:你好|您好|大家好|嗨|哈喽|早上好|上午好|下午好|晚上好)[！!，,。\s]*)?(?<name>\p{Script=Han}{2,4}?)[，,\s]*我?(?:来自|从|是从|家在|住在)/u.exec(text);
    if (from) user_name = nameAfter(from.groups!.name!, 0, true);
  }
  // "何平，你好。", "周杰，很高兴认识你", "王芳是我的名字": a name, then a greeting or "is my name".
  if (!user_name) {
    const greeted = /^(?:(?:你好|您好|大家好|嗨|哈喽|早上好|上午好|下午好|晚上好)[！!，,。\s]*)?(?<name>\p{Script=Han}{2,4}?)[，,。！!\s]*(?:是我的名字|就是我的名字|你好|您好|很高兴(?:认识|见到)(?:你|您)|幸会)/u.exec(text);
    if (greeted) user_name = nameAfter(greeted.groups!.name!, 0, true);
  }
  // "我是京东集团的吴军", "我是华为的，叫陈静": the employer comes first, the name after 的 (never the employer).
  if (!user_name) {
    const employer = new RegExp(`我是(?<org>[^${PUNCT}的]{2,15})的[，, ]?(?:叫)?`, 'u').exec(text);
    if (employer && isOrganisation(employer.groups!.org!)) user_name = nameAfterJob(text, employer.index + employer[0].length);
  }

  const facts: ProfileFacts = {};
  const work =
    first(text, new RegExp(`我在(?<company>${V}{1,20}?)(?:当|做|担任)(?<position>${V}{1,12})`, 'u')) ??
    first(text, new RegExp(`我在(?<company>${V}{1,20}?)(?:工作|上班|任职|实习)`, 'u'));
  if (work?.company) facts.current_company = work.company;
  const employer = first(text, new RegExp(`我是(?<company>[^${PUNCT}的]{1,15})的(?<position>${V}{1,12})`, 'u'));
  if (employer?.position && ZH_JOB.test(employer.position)) {
    facts.current_company ??= employer.company ?? null;
    facts.current_position = employer.position;
  }
  const position =
    work?.position ??
    first(text, new RegExp(`我是(?:一名|一个|一位)(?<position>${V}{1,12})`, 'u'))?.position ??
    first(text, new RegExp(`我的(?:工作|职业)是(?<position>${V}{1,12})`, 'u'))?.position;
  if (position) facts.current_position ??= position;

  const location =
    first(text, new RegExp(`我(?:住在|家在|现在住在)(?<location>${V}{1,15}?)(?=[${PUNCT}]|和|$)`, 'u')) ??
    first(text, new RegExp(`我来自(?<location>${V}{1,15}?)(?=[${PUNCT}]|和|$)`, 'u')) ??
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
const NOT_A_BARE_NAME = /^(?:而是|错了|搞错了|你好|您好|谢谢|再见|什么|是的|是我|是|不是|不对|不|对|对的|没错|嗯|好的|好|哦|啊|没有|呃|额|那个|哎|唉|喔|其实|就是)/u;

/** "李明。" or "不是，王芳" in reply to a name question: a full name, starting with a surname. */
export function bareChineseName(text: string): string | null {
  let rest = text.replace(/[，。！？、；：,.!?;:\s]+/gu, ' ').trim();
  for (let match = NOT_A_BARE_NAME.exec(rest); match; match = NOT_A_BARE_NAME.exec(rest)) rest = rest.slice(match[0].length).trim();
  return rest ? nameAfter(rest, 0, true) : null;
}
