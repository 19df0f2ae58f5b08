import { describe, expect, it } from 'vitest';
import { detectSignal } from '../../../src/alerts/index.js';

const signal = (text: string) => detectSignal(text)?.signal ?? null;

/**
 * The detector's mechanisms, each on utterances written for it (none of them in eval/alerts): how
 * a visitor says it, not one sentence per rule.
 */
describe('emergencies said indirectly, in every language', () => {
  it.each([
    ['en', 'my brother just keeled over by the lifts'],
    ['en', 'uh there is smoke coming out of the printer room'],
    ['en', 'my chest feels really tight and my left arm is numb'],
    ['en', 'a guy is waving a gun around in the lobby'],
    ['de', 'Mir ist plötzlich ganz schlecht und ich kippe gleich um'],
    ['de', 'meine kollegin klappt gerade zusammen'],
    ['de', 'aus dem lüftungsschacht kommt rauch'],
    ['de', 'mein sohn hat tabletten geschluckt'],
    ['fr', 'ma collègue vient de s évanouir dans le bureau'],
    ['fr', 'il y a de la fumée qui sort du local technique'],
    ['es', 'mi compañera se acaba de desplomar'],
    ['es', 'sale mucho humo de la sala de máquinas'],
    ['zh', '我同事刚才突然昏倒了'],
    ['zh', '会议室冒出浓烟'],
    // Calling for a service, beside the guard below for a name that carries a title.
    ['zh', '帮我叫医生！'],
    ['zh', '快叫个医生来'],
    ['fr', 'appelez le médecin, vite'],
  ])('%s: %s', (_lang, text) => {
    expect(signal(text)).toBe('emergency');
  });
});

describe('requests for a person, however they are put', () => {
  it.each([
    ['en', 'can a human help me'],
    ['en', 'is there someone from staff around'],
    ['en', 'can somebody come over here please'],
    ['de', 'kann mir bitte ein mitarbeiter helfen'],
    ['de', 'ich will keinen roboter sondern einen menschen'],
    ['fr', 'un employé pourrait venir m aider'],
    ['es', 'que venga alguien a ayudarme por favor'],
    ['zh', '能不能叫个工作人员过来'],
  ])('%s: %s', (_lang, text) => {
    expect(signal(text)).toBe('help_requested');
  });
});

describe('the guards', () => {
  it.each([
    // An illness in the past.
    ['en', 'my father had a stroke three years ago, he is fine'],
    ['de', 'ich hatte vor fünf jahren einen herzinfarkt'],
    ['fr', "j'ai fait un malaise il y a deux mois"],
    ['es', 'tuve un ataque al corazón hace tres años'],
    ['zh', '我三年前中过风'],
    // Negation.
    ['en', "don't worry, nobody is hurt"],
    ['de', 'keine sorge, niemand ist verletzt'],
    ['zh', '没有人受伤'],
    // What nearly happened.
    ['en', 'I almost passed out laughing at his speech'],
    ['de', 'ich bin beinahe umgekippt vor lachen'],
    ['es', 'por poco me desmayo del susto, qué risa'],
    ['zh', '我差一点昏倒，开玩笑的'],
    // Saying who one is: a name (the verb of calling) beside a job that is a service.
    ['fr', "bonjour, je m'appelle Inès, je suis infirmière à Lyon"],
    ['fr', "ma soeur s'appelle Julie, elle est médecin"],
    ['zh', '我叫王医生。'],
    ['zh', '他叫李护士，是我的朋友'],
    ['es', 'hola, me llamo Lucía, soy enfermera en Madrid'],
    // Asking the way to the desk, or coming to see someone.
    ['en', 'how do I get to the front desk'],
    ['en', "I'm here to see the manager, we have a meeting"],
    ['de', 'wie komme ich zur rezeption'],
    ['fr', 'comment aller à l accueil'],
    ['es', 'cómo llego a recepción'],
    ['zh', '前台怎么走'],
    // Emergency services named as a place, idioms, talk about a course.
    ['en', 'is the ambulance station far from here'],
    ['en', 'I am choking on my emails and dying of boredom'],
    ['de', 'ich sterbe vor langeweile'],
    ['fr', 'je meurs de faim'],
    ['es', 'me muero de risa'],
    ['de', 'ich komme zum erste hilfe kurs'],
    // Staff as a topic, not a request.
    ['en', 'the staff here are lovely'],
    ['fr', 'le personnel est très gentil'],
    ['zh', '晚点给我打电话'],
  ])('%s: %s raises nothing', (_lang, text) => {
    expect(signal(text)).toBeNull();
  });
});
