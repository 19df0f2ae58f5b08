import { describe, expect, it } from 'vitest';
import { asksSomething } from '../../../src/language/index.js';

// Questions and requests as speech-to-text writes them: often without a question mark.
const ASKS: Record<string, string[]> = {
  en: ['Can you tell me where the toilets are', 'Excuse me, where is reception', 'Good morning. Where can I park', "I'm looking for the meeting room", 'Is there a cafeteria here', 'How does this work', 'Do you have feelings', 'Tell me about yourself'],
  de: ['wo ist die Toilette', 'Entschuldigung, gibt es hier WLAN', 'Kann ich hier parken', 'Ich suche den Besprechungsraum', 'Hast du Gefühle', 'Sag mir, wann die Kantine öffnet', 'Weißt du, wie spät es ist'],
  fr: ['où sont les toilettes', 'Bonjour, est-ce que je peux laisser mon manteau ici', 'peux-tu m’aider', 'Y a-t-il un ascenseur', 'je cherche la salle de réunion', 'As-tu des sentiments', 'Dis-moi ce que tu sais faire'],
  es: ['Hola, dónde está el baño', 'Podrías ayudarme', 'Busco la sala de reuniones', 'Necesito un taxi', 'Me dices la hora', 'Cómo funciona esto', 'Dime qué sabes hacer'],
  zh: ['厕所在哪里', '你会说中文吗', '能不能帮我一下', '请问会议室怎么走', '我在找会议室', '你是谁'],
};

// Remarks, introductions, thanks, farewells and exclamations ask nothing.
const TELLS: Record<string, string[]> = {
  en: ["Good morning! I'm here for a job interview with Mrs. Keller.", 'Thanks, see you later!', 'I work at Siemens.', 'What a lovely day!', 'It was nice talking to you.', 'My name is Alex and I work at Siemens.', 'Uh-huh.'],
  de: ['Ich heiße Jonas.', 'Was für ein schöner Tag!', 'Ich bin zum ersten Mal hier.', 'Vielen Dank, tschüss!', 'Es ist schön hier.'],
  fr: ['Je vous remercie.', 'Je suis venu pour un entretien.', 'Il fait beau aujourd’hui.', 'Quelle belle journée !'],
  es: ['Buenos días, vengo a recoger un paquete.', 'Como te dije, trabajo aquí.', 'Soy Ana y trabajo en Telefónica.', 'Cuando llegue mi jefe, nos vamos.', 'Eres tonta.', 'Tienes razón.', 'Hay un problema con mi coche.'],
  zh: ['我什么都不知道。', '我叫小李。', '谢谢你，再见！', '今天天气很好。'],
};

describe('asksSomething: a question or a request, with or without its question mark', () => {
  for (const [language, texts] of Object.entries(ASKS)) {
    it(`hears the questions and requests of ${language}`, () => {
      for (const text of texts) expect(asksSomething(text), text).toBe(true);
    });
  }
  for (const [language, texts] of Object.entries(TELLS)) {
    it(`hears no question in the remarks of ${language}`, () => {
      for (const text of texts) expect(asksSomething(text), text).toBe(false);
    });
  }
  it('takes a question mark as a question in every script, and nothing as nothing', () => {
    expect(asksSomething('Anna?')).toBe(true);
    expect(asksSomething('¿Y tú')).toBe(true);
    expect(asksSomething('真的？')).toBe(true);
    expect(asksSomething('')).toBe(false);
    expect(asksSomething(undefined)).toBe(false);
  });
});
