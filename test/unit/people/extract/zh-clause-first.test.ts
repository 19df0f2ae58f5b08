import { describe, expect, it } from 'vitest';
import { extractByRules } from '../../../../src/people/index.js';

/**
 * Chinese introductions where what the person does or came for is said before the name, often
 * with the subject of the second clause left out ("我是护士，叫文静"), or with a job title between
 * "我是" and the name ("我是老师何平"). Written for this test.
 */
const name = (text: string) => extractByRules({ text, expectingName: false, language: 'zh' }).user_name;

describe('a Chinese name after a clause about the job or the errand', () => {
  it.each([
    ['我是一名老师，叫李伟。', '李伟'],
    ['我是护士，叫文静。', '文静'],
    ['我教书的，叫孙晓燕。', '孙晓燕'],
    ['我今天来面试，名叫张敏。', '张敏'],
    ['我是来面试的，就叫王芳。', '王芳'],
    ['我是老师何平。', '何平'],
    ['我是工程师郭子豪。', '郭子豪'],
    ['我是面试者梁思远。', '梁思远'],
    ['我是来面试的，我叫王芳。', '王芳'],
    ['我在华为当工程师，我叫杨帆。', '杨帆'],
  ])('"%s" → %s', (text, expected) => {
    expect(name(text)).toBe(expected);
  });

  it.each(['我是来面试的。', '我是老师。', '我是张老师的学生。', '我是来找李明的。', '我是学生会长。', '好的，叫车吧。', '他们都在，叫一下王经理。'])('"%s" holds no name of the speaker', (text) => {
    expect(name(text)).toBeNull();
  });
});
