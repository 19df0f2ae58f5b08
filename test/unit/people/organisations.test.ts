import { describe, expect, it } from 'vitest';
import { extractByRules, extractionRequest, looksLikeName } from '../../../src/people/index.js';

/**
 * A company is never a person: an organisation word or suffix in any of the five languages, or a
 * well-known employer said alone, is not a name, whatever phrase put it where a name goes. A name
 * that gets through reaches perception (user_info) and is stored against a face.
 */
describe('an organisation is not a name', () => {
  it.each([
    'Acme Ltd', 'Nordwind GmbH', 'Siemens AG', 'Müller KG', 'Dupont SARL', 'Lumière SAS', 'Iberia Group', 'Deutsche Bank', 'Banco Santander',
    'Post Office', 'Deutsche Post', 'La Poste', 'Correos', 'Sparkasse', 'Crédit Agricole', 'Caja Rural', 'Grupo Modelo', 'Acme Inc', 'Acme Corporation',
    'Siemens', 'Bosch', 'Airbus', 'Michelin', 'Telefónica', 'Repsol', 'Huawei', 'Google', 'Microsoft',
    '华为', '腾讯', '阿里巴巴', '京东集团', '中国银行', '中国邮政', '腾讯公司', '建设银行', '百度',
  ])('"%s" is not a name', (name) => expect(looksLikeName(name)).toBe(false));

  it.each(['Anna Bosch', 'Louis Renault', 'Dana', 'Hieronymus Bosch', '王芳', '李银华'])('"%s" still is', (name) => expect(looksLikeName(name)).toBe(true));
});

describe('an introduction that names the employer gives the person, never the company', () => {
  const nameIn = (text: string, language: string, expectingName = false) => extractByRules({ text, expectingName, language }).user_name;

  it.each([
    ['我是京东集团的吴军。', 'zh', '吴军'],
    ['你好，我是中国银行的周杰。', 'zh', '周杰'],
    ['我是华为的，叫陈静。', 'zh', '陈静'],
    ['我是王芳，在建设银行工作。', 'zh', '王芳'],
    ['我是招商银行的护士王芳。', 'zh', '王芳'],
    ['我是华为的工程师李伟。', 'zh', '李伟'],
    ['我是一家小面包店的工程师杨帆。', 'zh', '杨帆'],
  ])('%s → %s', (text, language, name) => {
    expect(nameIn(text, language)).toBe(name);
    expect(nameIn(text, language, true)).toBe(name);
  });

  it.each([
    ['Hi, this is Acme Ltd.', 'en'],
    ["It's Deutsche Bank here.", 'en'],
    ['Ich bin Nordwind GmbH.', 'de'],
    ['Hier ist die Sparkasse.', 'de'],
    ['Je suis Crédit Agricole.', 'fr'],
    ['Moi, c’est La Poste.', 'fr'],
    ['Soy Banco Santander.', 'es'],
    ['Me llamo Correos.', 'es'],
    ['我是中国银行。', 'zh'],
    ['我是腾讯公司的。', 'zh'],
  ])('%s gives no name', (text, language) => {
    expect(nameIn(text, language)).toBeNull();
    expect(nameIn(text, language, true)).toBeNull();
  });

  it.each([
    ['Siemens.', 'en'],
    ['Bosch.', 'de'],
    ['Michelin.', 'fr'],
    ['Telefónica.', 'es'],
    ['华为。', 'zh'],
  ])('a bare "%s" in reply to the name question is no name', (text, language) => {
    const { offline } = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: 'What is your name?', askedName: null });
    expect(offline.user_name).toBeNull();
  });

  it('the company a sentence names is never its name', () => {
    expect(nameIn('I am Nordlicht, I work at Nordlicht.', 'en')).toBeNull();
    expect(nameIn('Ich bin Dana und arbeite bei Nordlicht.', 'de')).toBe('Dana');
  });
});
