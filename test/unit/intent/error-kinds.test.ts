import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../src/config/index.js';
import { detectLanguageRequest } from '../../../src/intent/index.js';
import { intentModel } from '../../helpers/per-test.js';

/**
 * The kinds of error issue 23 found, in all five languages, on utterances in neither the corpus nor
 * the held-out set. "Right" here means right, or unsure enough that the language model decides.
 */
const THRESHOLD = ConfigSchema.parse({}).dialogue.intentThreshold;

const notAboutThemselves = [
  // an apology after an insult
  'Sorry, that was rude of me. You\'ve been very kind.',
  'Entschuldige, das war unverschämt von mir. Du warst sehr nett.',
  'Désolé, c\'était impoli de ma part. Tu as été très gentille.',
  'Perdón, fui muy maleducada. Has sido muy amable.',
  '对不起，我刚才太粗鲁了。你一直很友好。',
  // moods
  'I\'m feeling really down today.',
  'Ich bin heute echt schlecht drauf.',
  'Je suis vraiment à plat aujourd\'hui.',
  'Hoy estoy de bajón.',
  '我今天情绪很低落。',
  // disagreement
  'I totally disagree with you.',
  'Da widerspreche ich dir entschieden.',
  'Je ne suis absolument pas d\'accord.',
  'Para nada, no comparto esa opinión.',
  '我完全不认同。',
];

const jobNews = [
  'I\'ve just been hired as a lab technician at Bayer.',
  'Ich fange nächste Woche als Ärztin im Klinikum an.',
  'Je viens d\'être embauchée comme vendeuse chez Sephora.',
  'Me acaban de contratar como programador en Indra.',
  '我刚被腾讯录用，做产品经理。',
];

const switchAndAsk = [
  'Could we switch to German? I\'d like to ask you something.',
  'Können wir auf Spanisch umsteigen? Ich hätte da eine Frage.',
  'On pourrait passer à l\'allemand ? J\'aimerais te demander quelque chose.',
  '¿Podemos pasar al francés? Me gustaría preguntarte algo.',
  '我们能改用英语吗？我想问你个问题。',
];

// Said to the robot or about someone else: conversation, never an introduction or a greeting.
const notAboutTheVisitor = [
  // backchannels, repeated as listeners do
  'yeah yeah, I hear you',
  'Ja ja, schon klar.',
  'Oui oui, je comprends.',
  'Vale, vale.',
  '对对，明白。',
  // what the visitor thinks of the robot ("你好…" is "you are so…", not "hello")
  'You\'re pretty clever for a machine.',
  'Du bist echt witzig.',
  'Tu es vraiment rigolote.',
  'Eres muy divertida.',
  '你好可爱呀。',
  '你好厉害！',
  // another person's job
  'My wife works at Lufthansa.',
  'Mein Sohn arbeitet bei Porsche.',
  'Ma fille travaille chez L\'Oréal.',
  'Mi padre trabaja en Repsol.',
  '我爸爸在百度上班。',
];

// A greeting with a question about who the robot is: still the greeting.
const greetAndAsk = ['Hello! Are you the receptionist?', 'Hallo, bist du hier am Empfang?', 'Bonjour, c\'est vous l\'accueil ?', 'Hola, ¿tú eres la de recepción?', '你好，你是前台吗？'];

const classifier = await intentModel();

describe('the intent model on the kinds of error it used to make', () => {
  it('does not take apologies, moods or disagreement for something the person tells about themselves', async () => {
    for (const text of notAboutThemselves) {
      const p = await classifier.classify(text);
      expect(p.intent !== 'update_user_info' || p.confidence < THRESHOLD, `${text} → ${p.intent} ${p.confidence.toFixed(2)}`).toBe(true);
    }
  });

  it('takes a new job or employer told as news for something about the person', async () => {
    for (const text of jobNews) {
      const p = await classifier.classify(text);
      expect(p.intent === 'update_user_info' || p.confidence < THRESHOLD, `${text} → ${p.intent} ${p.confidence.toFixed(2)}`).toBe(true);
    }
  });

  it('hears a language switch inside a longer utterance, whole or in the sentence that asks it (as the intent agent does; none asks for Chinese)', async () => {
    for (const text of switchAndAsk) {
      const whole = await classifier.classify(text);
      const sentences = text.split(/(?<=[.?!？。！])\s*/u).filter((s) => s.trim());
      let switched = whole.intent === 'language_change';
      for (const s of sentences) switched ||= (await classifier.classify(s)).intent === 'language_change' && detectLanguageRequest(s, 'zh')?.supported === true;
      expect(switched, `${text} → ${whole.intent} ${whole.confidence.toFixed(2)}`).toBe(true);
    }
  });

  it('takes backchannels, opinions of the robot and news of other people for conversation', async () => {
    for (const text of notAboutTheVisitor) {
      const p = await classifier.classify(text);
      expect(p.intent === 'continue_conversation' || p.confidence < THRESHOLD, `${text} → ${p.intent} ${p.confidence.toFixed(2)}`).toBe(true);
    }
  });

  it('keeps a greeting that asks who the robot is a greeting', async () => {
    for (const text of greetAndAsk) {
      const p = await classifier.classify(text);
      expect(p.intent === 'first_greeting' || p.confidence < THRESHOLD, `${text} → ${p.intent} ${p.confidence.toFixed(2)}`).toBe(true);
    }
  });
});
