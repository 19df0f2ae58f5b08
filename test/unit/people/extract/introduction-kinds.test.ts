import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../../src/people/index.js';

/**
 * Introductions of kinds a new writer produces: the name said again in full (the family name
 * first, or after a full stop), a name given in two parts, a department after a particle, the name
 * after "may I introduce myself?", the conditional "I'd be X", a title before a surname that is
 * also a word, Chinese humble forms of "I" (在下, 鄙人, 免贵, 敝姓) or a surname said first without
 * 我, and an unknown name in speech-to-text's lower case with no pause before the next clause.
 */
const read = (language: string, text: string) => extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline.user_name;

type Case = [language: string, text: string, name: string | null];
/** Each utterance, in its language, gives that name (null: none). */
const readsAs = (kind: string, cases: Case[]) =>
  it.each(cases)(`[%s] ${kind}: "%s" → %s`, (language, text, name) => {
    expect(read(language, text)).toBe(name);
  });

describe('introductions of new kinds', () => {
  readsAs('the name said again in full', [
    ['en', "Hi, I'm Gordon, Gordon Pike.", 'Gordon Pike'],
    ['de', 'Ich bin Ulla, Ulla Brandt, aus dem dritten Stock.', 'Ulla Brandt'],
    ['fr', "Je m'appelle Agathe, Agathe Roux.", 'Agathe Roux'],
    ['es', 'Me llamo Inés, Inés Vidal, de Sevilla.', 'Inés Vidal'],
    ['en', "I'm Gordon, nice to meet you.", 'Gordon'],
  ]);

  readsAs('the family name first, or the name again after a full stop', [
    ['en', 'The name is Okafor, Chidi Okafor.', 'Chidi Okafor'],
    ['de', 'Grüß Gott, mein Name ist Huber, Franz Huber.', 'Franz Huber'],
    ['fr', "Je m'appelle Dupont, Jean Dupont.", 'Jean Dupont'],
    ['es', 'Me llamo García, Ana García, vengo por la entrevista.', 'Ana García'],
    ['en', "I'm Mark, Anna's husband.", 'Mark'],
    ['en', "Yeah hi, it's Jamal. Jamal Washington. I'm the plumber.", 'Jamal Washington'],
    ['de', 'Ich bin Jana. Jana Nowak, aus Köln.', 'Jana Nowak'],
    ['fr', 'Je suis Léa. Léa Martin.', 'Léa Martin'],
    ['es', 'Soy Pablo. Pablo Ortiz.', 'Pablo Ortiz'],
    ['en', "I'm Anna. Anna Berg is my manager.", 'Anna'],
  ]);

  readsAs('which part of the name is said', [
    ['de', 'Guten Tag, ich heiße mit Vornamen Ilse.', 'Ilse'],
    ['de', 'Ich heiße mit vollem Namen Anna-Lena Berger.', 'Anna-Lena Berger'],
  ]);

  // The given name and the family name said in clauses of their own, in any order, with or without a verb.
  readsAs('a name given in two parts', [
    ['en', 'My first name is Ana and my last name is Silva.', 'Ana Silva'],
    ['en', 'My surname is Okafor, first name Chidi.', 'Chidi Okafor'],
    ['de', 'Mein Vorname ist Jörg und mein Nachname Bäumer.', 'Jörg Bäumer'],
    ['de', 'Ich heiße Jörg, mit Nachnamen Bäumer.', 'Jörg Bäumer'],
    ['fr', "Mon nom de famille c'est Girard, et mon prénom Claire.", 'Claire Girard'],
    ['fr', 'Je suis Claire, nom de famille Girard.', 'Claire Girard'],
    ['es', 'Me llamo Ana, de apellido Silva.', 'Ana Silva'],
    ['es', 'Soy María José, y mis apellidos son García López.', 'María José García López'],
  ]);

  readsAs('a family name adds to a given name, never makes one', [
    ['en', "I'm Ana Silva, last name Silva.", 'Ana Silva'],
    ['en', 'My last name is Silva.', null],
    ['en', 'What is your last name?', null],
    ['en', 'My last name is hard to spell.', null],
    ['de', 'Mein Nachname ist Bäumer.', 'Bäumer'],
  ]);

  readsAs('a department after a particle is where the person works', [
    ['de', 'Hallo, ich bin die Frau Schneider von der Buchhaltung.', 'Schneider'],
    ['de', 'Ich bin Karin von der Personalabteilung.', 'Karin'],
    ['es', 'Soy Ana de Recursos Humanos.', 'Ana'],
    ['fr', 'Je suis Marie de la Comptabilité.', 'Marie'],
    ['de', 'Mein Name ist Anke von der Heide.', 'Anke von der Heide'],
    ['es', 'Me llamo María de la Concepción.', 'María de la Concepción'],
  ]);

  readsAs('the name after "may I introduce myself?" or "I haven\'t introduced myself"', [
    ['en', 'May I introduce myself? Jana Nowak.', 'Jana Nowak'],
    ['de', 'Darf ich mich vorstellen? Jana Nowak.', 'Jana Nowak'],
    ['de', 'Darf ich mich kurz vorstellen: Jana Nowak.', 'Jana Nowak'],
    ['fr', 'Puis-je me présenter ? Hugo Lambert.', 'Hugo Lambert'],
    ['en', 'Let me introduce myself. I work at Bosch.', null],
    ['en', "Sorry, I didn't introduce myself: Ingrid Berg.", 'Ingrid Berg'],
    ['de', 'Entschuldigung, ich hab mich gar nicht vorgestellt, Petra Lange.', 'Petra Lange'],
    ['fr', 'Excusez-moi, je ne me suis pas présentée : Inès Benali.', 'Inès Benali'],
    ['es', 'Perdón, no me presenté: Lucía Moreno.', 'Lucía Moreno'],
    ['de', 'Ich habe mich noch nicht vorgestellt, oder?', null],
    ['fr', 'Je ne me suis pas présenté, pardon.', null],
  ]);

  readsAs('the conditional', [
    ['en', "Hello, I'd be Norman, the new driver.", 'Norman'],
    ['de', 'Ich wär dann der Benedikt.', 'Benedikt'],
    ['fr', 'Je serais donc Apolline.', 'Apolline'],
    ['es', 'Yo sería Remedios.', 'Remedios'],
    ['en', "I'd be glad to help.", null],
    ['de', 'Ich wäre gern dabei.', null],
    ['fr', 'Je serais ravie.', null],
  ]);

  readsAs('a title, then a surname that is also a word', [
    ['de', 'Ich bin Frau Sommer.', 'Sommer'],
    ['de', 'Hallo, ich bin Herr Winter, ich komme wegen der Heizung.', 'Winter'],
    ['fr', 'Je suis madame Rose.', 'Rose'],
    ['es', 'Soy el señor Leal.', 'Leal'],
  ]);

  readsAs('a humble "I", or the surname without 我', [
    ['zh', '在下令狐冲，久仰。', '令狐冲'],
    ['zh', '鄙人王大锤。', '王大锤'],
    ['zh', '免贵姓赵，赵子龙。', '赵子龙'],
    ['zh', '您好，敝姓何，何晓峰。', '何晓峰'],
    ['zh', '您好，我是公司的新员工黄磊，请多关照。', '黄磊'],
    ['zh', '我是司机，姓孙，孙立新。', '孙立新'],
    ['zh', '我在下面等你。', null],
    ['zh', '他姓孙。', null],
  ]);

  readsAs('lower case, no pause', [
    ['fr', 'salut je suis anatole je cherche la salle b', 'Anatole'],
    ['de', 'guten tag ich bin ortwin ich soll hier was abgeben', 'Ortwin'],
    ['es', 'buenas soy leandro y vengo por el anuncio', 'Leandro'],
    ['en', 'hey im thaddeus i have a delivery', 'Thaddeus'],
    ['fr', 'je suis retraité je viens souvent', null],
    ['fr', 'je suis boulangère je livre le pain', null],
    ['fr', 'je suis enceinte je cherche une chaise', null],
    ['de', 'ich bin geflogen ich bin müde', null],
    ['de', 'ich bin elektriker ich komme wegen der heizung', null],
    ['es', 'soy cansado y tengo sueño', null],
    ['es', 'soy embarazada y busco asiento', null],
    ['es', 'soy música y vengo a tocar', null],
    ['en', "im exhausted i need coffee", null],
  ]);
});
