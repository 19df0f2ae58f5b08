import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/config/index.js';
import { buildDialogueGraph, createDialogue } from '../../../src/dialogue/index.js';
import { TONED } from '../../../src/dialogue/offline/affect-lines.js';
import { LINES } from '../../../src/dialogue/offline/lines.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { daemonPorts } from '../../helpers/ports.js';
import { intentModel } from '../../helpers/per-test.js';

/**
 * Found trying the daemon without its language model: after "Hola, me llamo Lothar." the question
 * "¿Se puede pagar con tarjeta aquí?" was answered "¡Lothar! ¡Hola, qué alegría verte otra vez!"
 * first (the model's unsure guess, a greeting, was acted on). Practical questions asked in the
 * middle of a visit (paying, opening hours, where things are, prices, wifi, toilets), with or
 * without thanks or a greeting word in front, get their answer and never a greeting line. The
 * questions were written for this test, not taken from the corpus or the development sets.
 */
const VISITS: Record<Language, { intro: string; questions: string[]; again: string }> = {
  en: {
    intro: "Hi, I'm Wilbur.",
    again: 'Oh hi again!',
    questions: ['Do you accept Apple Pay?', 'When do you close tonight?', 'Which way to the restrooms?', 'How much does the audio guide cost?', "What's the wifi password?", 'Thanks! Where do I leave my coat?', "Hi, sorry, where's the lift?"],
  },
  de: {
    intro: 'Hallo, ich bin die Ottilie.',
    again: 'Hallo nochmal!',
    questions: ['Nehmt ihr auch EC-Karte?', 'Bis wann habt ihr heute geöffnet?', 'Wo finde ich die Garderobe?', 'Wie teuer ist eine Führung?', 'Wie lautet das WLAN-Passwort?', 'Danke! Und wo ist hier das Klo?', "Hallo, wo geht's zum Ausgang?"],
  },
  fr: {
    intro: "Bonjour, je m'appelle Gaspard.",
    again: 'Re-bonjour !',
    questions: ['Vous prenez la carte bancaire ?', 'Vous fermez à quelle heure ce soir ?', "C'est par où, les toilettes ?", "L'audioguide coûte combien ?", "C'est quoi le mot de passe du wifi ?", 'Merci ! Et le vestiaire, il est où ?', "Bonjour, excusez-moi, où est l'ascenseur ?"],
  },
  es: {
    intro: 'Hola, me llamo Lothar.',
    again: '¡Hola de nuevo!',
    questions: ['¿Se puede pagar con tarjeta aquí?', '¿Se puede pagar con el móvil?', '¿Hasta qué hora está abierto hoy?', '¿Por dónde se va a los servicios?', '¿Cuánto vale la visita guiada?', '¿Cuál es la contraseña del wifi?', '¡Gracias! ¿Y el guardarropa dónde está?', 'Hola, perdona, ¿dónde está la salida?'],
  },
  zh: {
    intro: '你好，我叫王建国。',
    again: '你好，又见面了！',
    questions: ['可以用支付宝付款吗？', '你们晚上几点关门？', '厕所往哪边走？', '讲解器租一次多少钱？', '无线网密码是多少？', '谢谢！衣帽间在哪里？', '你好，请问出口在哪儿？'],
  },
};

const classifier = await intentModel();

/** Every greeting line of a language, its placeholders (name, robot) matching anything. */
function greetingLines(language: Language): RegExp[] {
  const lines = [...LINES[language].greeting, ...LINES[language].greeting_known, ...Object.values(TONED[language].greeting).flat(), ...Object.values(TONED[language].greeting_known).flat()];
  return lines.map((l) => new RegExp(l.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')));
}

describe('a practical question in the middle of a visit, without the language model', () => {
  it.each(Object.keys(VISITS) as Language[])('[%s] is answered without a greeting line or a wave; a bare greeting still gets one', async (language) => {
    const config = testConfig();
    const { turns } = createDialogue({ ports: daemonPorts(config, { intent: classifier }), graph: buildDialogueGraph(config), log: silentLogger, health: new Health() });
    const greeted = greetingLines(language);
    const met = await turns.submit({ text: VISITS[language].intro, language });
    expect(met?.event.user_name).toBeTruthy();
    const greetedAgain: string[] = [];
    for (const question of VISITS[language].questions) {
      const result = await turns.submit({ text: question, language });
      const reply = result?.event.reply ?? '';
      expect(reply, question).not.toBe('');
      if (greeted.some((g) => g.test(reply)) || result?.event.gestures.some((g) => /wave/i.test(g))) greetedAgain.push(`${question} → ${reply}`);
    }
    expect(greetedAgain).toEqual([]);
    // A greeting that asks nothing is still answered as one, in the middle of a visit too.
    const again = await turns.submit({ text: VISITS[language].again, language });
    expect(greeted.some((g) => g.test(again?.event.reply ?? ''))).toBe(true);
  });
});
