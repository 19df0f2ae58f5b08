import type { Language } from '../../../../src/config/index.js';

/**
 * Introductions with the job said as a trade or profession ("von Beruf", "by trade", "de
 * profession", "de profesión", "职业是", "做…工作"), written for this battery. {job} is the bare
 * job word; `job`: what the profile's current_position must hold.
 */
export const JOB_INTROS: Record<Language, { people: readonly [string, string][]; templates: readonly string[] }> = {
  en: {
    people: [['Dominic', 'carpenter'], ['Harriet', 'plumber'], ['Sebastian', 'electrician'], ['Lorna', 'nurse']],
    templates: ["I'm {name}, a {job} by trade.", "My name is {name}, I'm a {job} by profession.", '{name}, {job} by trade.', "I'm {name} and by profession I'm a {job}.",
      "Hi, I'm {name}. By trade I'm a {job}.", "I'm {name}, I'm a {job} by trade.", 'My name is {name}; my profession is {job}.', "Hello, I'm {name}, {job} by profession.",
      "I'm a {job} by trade, my name is {name}.", 'By profession I am a {job}, and my name is {name}.', "Hello there, I'm {name}, I'm a {job} by occupation.",
      "My name's {name}, a {job} by profession.", "I'm {name}. I'm a {job} by trade, actually.", 'Good morning, {name} here, a {job} by trade.', "I am {name} and I'm a {job} by trade."],
  },
  de: {
    people: [['Jonas', 'Lehrer'], ['Henrike', 'Tischlerin'], ['Volker', 'Elektriker'], ['Sabine', 'Bäckerin'], ['Rüdiger', 'Maurer']],
    templates: ['Hallo, ich bin {name}, ich bin von Beruf {job}.', 'Ich heiße {name}, von Beruf bin ich {job}.', 'Mein Name ist {name} und ich bin von Beruf {job}.',
      '{name} mein Name, von Beruf {job}.', 'Ich bin {name} und von Beruf {job}.', 'Ich heiße {name}. Ich bin {job} von Beruf.', 'Ich bin {name}, beruflich bin ich {job}.',
      'Ich bin von Beruf {job} und heiße {name}.', 'Von Beruf bin ich {job}, mein Name ist {name}.', 'Ich bin {name}, {job} von Beruf.', 'Guten Tag, ich heiße {name}, ich bin {job} von Beruf.',
      'Ich bin der {name} und von Beruf {job}.', 'Mein Name ist {name}, mein Beruf ist {job}.', 'Ich heiße {name} und bin von Beruf {job}.', 'Hallo, {name} hier, von Beruf {job}.'],
  },
  fr: {
    people: [['Camille', 'menuisier'], ['Baptiste', 'électricien'], ['Margaux', 'infirmière'], ['Lucien', 'boulanger']],
    templates: ["Je m'appelle {name}, je suis {job} de profession.", 'Je suis {name}, de profession {job}.', "Moi c'est {name}, je suis {job} de métier.",
      "Je m'appelle {name} et de profession je suis {job}.", 'Bonjour, je suis {name}, {job} de profession.', "Je m'appelle {name}, mon métier c'est {job}.",
      "Je suis {job} de profession et je m'appelle {name}.", "Je m'appelle {name}. Je suis {job} de métier.", "Bonjour, moi c'est {name}, {job} de métier.",
      "Je m'appelle {name}, et je suis {job} de mon état.", "Je m'appelle {name}, ma profession : {job}.", 'Je suis {name} et je suis {job} de profession.',
      "Je m'appelle {name} et je suis {job} de formation.", 'De profession, je suis {job}, et je m’appelle {name}.', "Moi, c'est {name}, de métier {job}."],
  },
  es: {
    people: [['Mateo', 'carpintero'], ['Paloma', 'enfermera'], ['Rodrigo', 'electricista'], ['Catalina', 'panadera']],
    templates: ['Me llamo {name}, soy {job} de profesión.', 'Soy {name}, de profesión {job}.', 'Me llamo {name} y de profesión soy {job}.', 'Hola, soy {name}, {job} de profesión.',
      'Mi nombre es {name}, mi profesión es {job}.', 'Soy {name}, {job} de oficio.', 'Soy {job} de profesión y me llamo {name}.', 'Me llamo {name}. Soy {job} de profesión.',
      'Hola, me llamo {name} y soy {job} de oficio.', 'Mi nombre es {name} y trabajo de {job}.', 'Buenos días, soy {name}, de oficio {job}.', 'Me llamo {name}, {job} de profesión.',
      'Soy {name} y soy {job} de profesión.', 'De profesión soy {job} y me llamo {name}.', 'Mucho gusto, soy {name}, {job} de oficio.'],
  },
  zh: {
    people: [['王芳', '护士'], ['李伟', '工程师'], ['张敏', '老师'], ['赵磊', '木匠']],
    templates: ['我叫{name}，职业是{job}。', '我是{name}，我的职业是{job}。', '我叫{name}，做{job}工作。', '你好，我叫{name}，职业是{job}。', '我叫{name}，是做{job}的。',
      '我是{name}，从事{job}工作。', '我的职业是{job}，我叫{name}。', '我叫{name}，我是做{job}工作的。', '您好，我是{name}，职业{job}。', '我叫{name}，干{job}这一行。',
      '我是{name}，在医院做{job}工作。', '我叫{name}，我的工作是{job}。', '大家好，我叫{name}，是一名{job}。', '我叫{name}，职业是{job}', '我是{name}，我做{job}。'],
  },
};
