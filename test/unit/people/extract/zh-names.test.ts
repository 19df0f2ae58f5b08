import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../../src/people/extract/index.js';
import { fullNameAt, namedAt } from '../../../../src/people/extract/zh-names.js';

// Chinese self-introductions as people say them: several surnames (single and compound), names of
// two, three and four characters, with and without punctuation, with fillers, greetings, jobs,
// employers and cities around them. The name is found by surname and given-name length, not by
// one pattern per sentence.
const read = (text: string, askedName: string | null = null) =>
  extractionRequest({ text, language: 'zh', robotName: 'Nadine', lastRobotMessage: askedName ? `你是${askedName}吗？` : null, askedName }).offline;

const NAMES: [name: string, surname: string][] = [
  ['王芳', '王'],
  ['张敏', '张'],
  ['李娜', '李'],
  ['孙悦', '孙'],
  ['黄晓明', '黄'],
  ['林心如', '林'],
  ['郑雨萱', '郑'],
  ['欧阳娜娜', '欧阳'],
  ['司马俊', '司马'],
  ['刘得明', '刘'],
];

const CONSTRUCTIONS = [
  '我叫{n}',
  '我叫做{n}。',
  '我名字是{n}',
  '嗯，我叫{n}。',
  '那个，我是{n}。',
  '呃……我叫{n}！',
  '我叫，呃，{n}。',
  '你好，我姓{s}，叫{n}。',
  '我姓{s}，{n}。',
  '我就是{n}。',
  '本人{n}。',
  '我是{n}呀。',
  '你好！我是{n}，很高兴认识你。',
  '你好我叫{n}我是老师',
  '我是{n}，我是工程师。',
  '我是{n}，我住在上海。',
  '呃，我叫{n}，我在华为工作。',
  '我叫{n}今年三十岁',
  '我是新来的{n}。',
  '我是来面试的{n}。',
  '我是华为的工程师{n}。',
  '我是{n}，叫我小{g}就行。',
  '我叫{n}，在一家公司做会计。',
  '您好，我是{n}，在腾讯上班。',
  '我是{n}，北京人。',
  '我叫{n}，来自成都。',
  '你好，{n}。',
  '早上好！{n}，在华为当工程师。',
  '{n}，今年三十岁。',
];

describe('a Chinese name in a self-introduction', () => {
  const cases = NAMES.flatMap(([name, surname]) =>
    CONSTRUCTIONS.map((t) => [t.replaceAll('{n}', name).replaceAll('{s}', surname).replaceAll('{g}', name.slice(surname.length)), name] as const),
  );
  it.each(cases)('%s → %s', (text, name) => {
    expect(read(text).user_name).toBe(name);
  });

  it.each([
    ['我叫王芳。', '王芳'],
    ['我叫Ａｎｎａ。', 'Anna'],
    ['我叫王芳，今年３０岁。', '王芳'],
  ])('reads full-width letters and pauses: %s', (text, name) => {
    expect(read(text).user_name).toBe(name);
  });
});

// The given name told character by character after the surname: "单名一个静字" (one character),
// "双名，一个小一个红" (two), with what a character is ("帆船的帆") after it or not.
describe('a Chinese given name told by its characters', () => {
  it.each([
    ['早上好，我姓陈，单名一个静字。', '陈静'],
    ['鄙人姓欧阳，单名一个锋字。', '欧阳锋'],
    ['免贵姓周，单名一个婷字，婷婷玉立的婷。', '周婷'],
    ['我姓张，单名是一个伟字', '张伟'],
    ['我姓黄，单字一个蓉。', '黄蓉'],
    ['您好！我姓郑，名字就一个字，洁。', '郑洁'],
    ['我姓孙，双名一个小一个红。', '孙小红'],
    ['我姓刘，双名，一个德一个华。', '刘德华'],
    ['我姓李，双名晓雯。', '李晓雯'],
  ])('%s → %s', (text, name) => {
    expect(read(text).user_name).toBe(name);
  });

  it('does not take a surname told by itself for a given name', () => {
    expect(read('我姓马，就一个字，马。').user_name).toBeNull();
    expect(read('您好，我姓钱。').user_name).toBeNull();
  });
});

describe('what "我是" says that is no name, even while a name is being confirmed', () => {
  it.each([
    '我是老师', '我是上海人', '我是李明的朋友', '我是王总的秘书', '我是这里的常客。', '我是马上要走', '我是周一来的',
    '我是第一次来', '我是自己来的', '我是开车来的', '我是一个人来的', '我是从北京来的', '我是金融行业的', '我是安全部门的',
    '我是白天来过的那个人', '我是全职妈妈', '我是江苏人', '我是管理员', '我是程序员', '我是想说谢谢', '请叫我一声', '我是来面试的',
    '李明，在吗？', '王经理，你好。', '李明是我的朋友', '你好，请问李明在吗', '你好，我找李明。', '你好，李明的办公室在哪里？', '张总，早！', '你好，王老师！', '你好，马上就好。',
  ])('%s', (text) => {
    expect(read(text).user_name).toBeNull();
    expect(read(text, '王芳').user_name).toBeNull();
  });
});

describe('a Chinese correction after a filler with an ellipsis', () => {
  it.each([
    ['嗯……不是刘德明是刘得明', '刘德明', '刘得明'],
    ['呃…不是王芳，是王方。', '王芳', '王方'],
    ['那个～不是欧阳丽，是欧阳莉', '欧阳丽', '欧阳莉'],
  ])('%s', (text, wrong, right) => {
    const r = read(text, wrong);
    expect(r.rejected_name).toBe(wrong);
    expect(r.user_name).toBe(right);
  });
});

describe('the name parser', () => {
  it('ends a name at a particle, a clause verb or a job word', () => {
    expect(fullNameAt('王芳在华为工作', 0)).toBe('王芳');
    expect(fullNameAt('李明今年三十岁', 0)).toBe('李明');
    expect(fullNameAt('刘洋老师', 0)).toBe('刘洋');
    expect(fullNameAt('欧阳娜娜呀', 0)).toBe('欧阳娜娜');
    expect(fullNameAt('马上要走', 0)).toBeNull();
  });

  it('takes a name without a surname only where it stands alone after a naming cue', () => {
    expect(namedAt('安娜贝尔。', 0)).toBe('安娜贝尔');
    expect(namedAt('小李就行', 0)).toBe('小李');
    expect(fullNameAt('小李就行', 0)).toBeNull();
  });
});
