import { describe, expect, it } from 'vitest';
import { asksForName, extractByRules, type ProfileFacts } from '../../../src/people/index.js';

type Expect = { name?: string | null } & ProfileFacts;

const rules = (text: string, expectingName = false, language = 'en') => extractByRules({ text, expectingName, language });

function check(text: string, expected: Expect, expectingName = false, language = 'en') {
  const { user_name, facts } = rules(text, expectingName, language);
  const { name = null, ...expectedFacts } = expected;
  expect({ name: user_name, ...facts }, text).toEqual({ name, ...expectedFacts });
}

describe('the rule-based extractor (no language model)', () => {
  it.each<[string, Expect]>([
    ['My name is Alice', { name: 'Alice' }],
    ["Hi, I'm Alicia", { name: 'Alicia' }],
    ["my name's jon", { name: 'Jon' }],
    ['Call me Bob', { name: 'Bob' }],
    ['You can call me Ishmael.', { name: 'Ishmael' }],
    ['I am Maria Lopez', { name: 'Maria Lopez' }],
    ['My name is Maria de la Cruz', { name: 'Maria de la Cruz' }],
    ['MY NAME IS ALEX SMITH', { name: 'Alex Smith' }],
    ["Hello, my name's Dr. Smith", { name: 'Smith' }],
    ['This is Kevin speaking', { name: 'Kevin' }],
    ["i'm alex", { name: 'Alex' }],
    ['Sandy is my name', { name: 'Sandy' }],
    ["I'm Will", { name: 'Will' }],
    ["I'm Priya and I work at Google as a software engineer", { name: 'Priya', current_company: 'Google', current_position: 'software engineer' }],
  ])('name: "%s"', (text, expected) => check(text, expected));

  it.each([
    "I'm tired", "I'm fine, thanks", "I'm so happy", "I'm not sure", "I'm sorry, I'm late", "I'm working on a project",
    "I'm here for a meeting", 'call me a taxi', 'Call me later', "I'm 25", "I'm new here", "I'm back", "It's raining", 'This is great',
    "I'm hungry", "I'm from Berlin", "I'm a big fan of jazz", 'What is your name?', 'Hello there!',
  ])('no name in "%s"', (text) => expect(rules(text).user_name).toBeNull());

  it.each<[string, Expect]>([
    ['I work at Acme as an engineer', { current_company: 'Acme', current_position: 'engineer' }],
    ['I work as a nurse at St. Mary Hospital', { current_position: 'nurse', current_company: 'St Mary Hospital' }],
    ["I'm a teacher at Lincoln High", { current_position: 'teacher', current_company: 'Lincoln High' }],
    ["I'm the CEO of Acme Corp", { current_position: 'CEO', current_company: 'Acme Corp' }],
    ['I am the head of marketing at Acme', { current_position: 'head of marketing', current_company: 'Acme' }],
    ['I work for Procter and Gamble', { current_company: 'Procter and Gamble' }],
    ['I work at Acme and love it', { current_company: 'Acme' }],
    ["I'm working for the United Nations", { current_company: 'United Nations' }],
    ['My job is software developer', { current_position: 'software developer' }],
    ["I'm an architect", { current_position: 'architect' }],
    ['I live in Paris with my wife', { location: 'Paris' }],
    ["I'm from Berlin but I live in Munich", { location: 'Munich' }],
    ["I'm based in San Francisco", { location: 'San Francisco' }],
    ['I come from Bosnia and Herzegovina', { location: 'Bosnia and Herzegovina' }],
    ['My hobbies are painting, cooking and rock climbing', { hobbies: ['painting', 'cooking', 'rock climbing'] }],
    ['My hobby is chess', { hobbies: ['chess'] }],
    ['I like hiking and jazz', { hobbies: ['hiking'], interests: ['jazz'] }],
    ['I love to swim and to read', { hobbies: ['swimming', 'reading'] }],
    ["I'm into photography and vintage cars", { interests: ['photography', 'vintage cars'] }],
    ["I'm really interested in history", { interests: ['history'] }],
    ['I play tennis', { hobbies: ['tennis'] }],
    ['In my free time I go hiking', { hobbies: ['hiking'] }],
    ['I work at Acme Inc. I like jazz.', { current_company: 'Acme Inc', interests: ['jazz'] }],
    [
      "I'm a software engineer at Google and I live in Zurich. I like skiing, chess and jazz.",
      { current_position: 'software engineer', current_company: 'Google', location: 'Zurich', hobbies: ['skiing'], interests: ['chess', 'jazz'] },
    ],
  ])('facts: "%s"', (text, expected) => check(text, expected));

  it.each(['I love you', 'I like your voice', 'I like it here', "I don't like rain", "I'd like a coffee", 'I like talking to you'])(
    'no hobby or interest in "%s"',
    (text) => expect(rules(text).facts).toEqual({}),
  );

  it.each<[string, Expect, string]>([
    ['Ich heiße Jürgen Müller und wohne in Hamburg', { name: 'Jürgen Müller', location: 'Hamburg' }, 'de'],
    ['Mein Name ist Anna', { name: 'Anna' }, 'de'],
    ['Ich bin Thomas', { name: 'Thomas' }, 'de'],
    ['Ich bin Lehrer', { current_position: 'Lehrer' }, 'de'],
    ['Ich bin müde', {}, 'de'],
    ['Ich arbeite bei Siemens als Ingenieurin', { current_company: 'Siemens', current_position: 'Ingenieurin' }, 'de'],
    ['Ich komme aus Österreich', { location: 'Österreich' }, 'de'],
    ['Meine Hobbys sind Lesen und Wandern', { hobbies: ['Lesen', 'Wandern'] }, 'de'],
    ['Ich interessiere mich für Geschichte', { interests: ['Geschichte'] }, 'de'],
    ["Je m'appelle Amélie Dupont et j'habite à Lyon", { name: 'Amélie Dupont', location: 'Lyon' }, 'fr'],
    ['Je m’appelle Léa', { name: 'Léa' }, 'fr'],
    ['Je suis Pierre', { name: 'Pierre' }, 'fr'],
    ['Je suis professeur', { current_position: 'professeur' }, 'fr'],
    ['Je suis fatiguée', {}, 'fr'],
    ['Je travaille chez Airbus comme ingénieur', { current_company: 'Airbus', current_position: 'ingénieur' }, 'fr'],
    ["J'aime lire et la musique", { hobbies: ['lire'], interests: ['musique'] }, 'fr'],
    ['Me llamo José y vivo en Madrid', { name: 'José', location: 'Madrid' }, 'es'],
    ['Trabajo en Telefónica como ingeniero', { current_company: 'Telefónica', current_position: 'ingeniero' }, 'es'],
    ['Me gusta leer y el fútbol', { hobbies: ['leer'], interests: ['fútbol'] }, 'es'],
    ['我叫李明，我在华为工作', { name: '李明', current_company: '华为' }, 'zh'],
    ['我的名字是王芳', { name: '王芳' }, 'zh'],
    ['我是张伟', { name: '张伟' }, 'zh'],
    ['我是老师', {}, 'zh'],
    ['我是华为的工程师', { current_company: '华为', current_position: '工程师' }, 'zh'],
    ['我住在上海', { location: '上海' }, 'zh'],
    ['我来自北京', { location: '北京' }, 'zh'],
    ['我喜欢打篮球和音乐', { hobbies: ['打篮球'], interests: ['音乐'] }, 'zh'],
    ['我的爱好是画画、唱歌', { hobbies: ['画画', '唱歌'] }, 'zh'],
    ['我对人工智能很感兴趣', { interests: ['人工智能'] }, 'zh'],
  ])('other languages: "%s"', (text, expected, language) => check(text, expected, false, language));

  it('takes a bare name as the answer to a name question, and only then', () => {
    check('Alex.', { name: 'Alex' }, true);
    check('No, Alicia Smith.', { name: 'Alicia Smith' }, true);
    check("i'm priya", { name: 'Priya' }, true);
    check('李明', { name: '李明' }, true);
    check('Yes', {}, true);
    check('Alex.', {});
    check("I'm fine, thanks", {}, true);
  });

  it('recognises when the robot asked for the name, in every language', () => {
    for (const q of ["Hello! I'm Nadine. What's your name?", 'Wie heißt du?', 'Comment tu t’appelles ?', '你叫什么名字？', '¿Cómo te llamas?', 'Who do I have the pleasure of meeting?']) {
      expect(asksForName(q), q).toBe(true);
    }
    expect(asksForName('Goodbye! It was nice talking to you.')).toBe(false);
    expect(asksForName(null)).toBe(false);
  });
});

describe('replies that are not names, while the robot waits for one', () => {
  it.each(['Hello!', 'Hi there', 'Thanks', 'What?', 'What time is it?', 'Pardon?', 'Bonjour', 'Hallo', '你好', '不是', '是的', '嗯', '谢谢'])(
    '"%s"',
    (text) => expect(rules(text, true).user_name).toBeNull(),
  );

  it.each<[string, string]>([
    ['不是，王芳', '王芳'],
    ['李明。', '李明'],
    ['Jürgen', 'Jürgen'],
    ['No, Bartholomew', 'Bartholomew'],
  ])('"%s" is the name %s', (text, name) => expect(rules(text, true).user_name).toBe(name));
});
