import { describe, expect, it } from 'vitest';
import { isBackchannel } from '../../../src/language/index.js';

/**
 * Backchannels come from per-language lexicons of listener tokens: short acknowledgements, hums,
 * "I see", "right", fillers, and "really?" said as a reaction (a question mark and all). Anything
 * that asks for something, or says something of its own, still is an utterance.
 */
describe('listener tokens of each language', () => {
  it.each([
    // en
    'Oh really?', 'Really?', 'Is that so?', 'Uh-huh, I see.', 'Oh, right.', 'Mm, interesting.', 'Ah, okay then.', 'No way!', 'Hm, true.',
    // de
    'Echt?', 'Wirklich?', 'Ach, wirklich?', 'Ok, verstanden.', 'Ah, interessant.', 'Sehr schön.', 'Na klar.', 'Ach so, ja.', 'Hmm, verstehe.',
    // fr
    'Vraiment ?', 'Ah bon ?', 'Ah ouais ?', "C'est vrai ?", 'Tiens.', "Ah, d'accord, je vois.", 'Intéressant.', 'Ah oui, carrément.', 'Hmm, je vois.',
    // es
    'Aham.', 'Ajá, ya.', '¿En serio?', '¿De verdad?', '¿Ah, sí?', 'Vaya.', 'Anda.', 'Interesante.', 'Ya, ya veo.', 'Mmm, entiendo.', 'Claro, claro.', 'Ah, mira.',
    // zh
    '这个…', '这个嘛…', '是吗。', '是吗？', '真的吗？', '真的？', '哦，这样。', '原来是这样。', '哇。', '嗯，明白了。', '然后呢…', '就是说…',
  ])('"%s" is a backchannel', (text) => expect(isBackchannel(text)).toBe(true));

  it.each([
    'Really? Where is it?', 'Is that so? Then what time is it?', 'Echt? Wo ist das?', 'Vraiment ? Et où est-ce ?', '¿En serio? ¿Dónde está?',
    '真的吗？电梯在哪里？', 'Right?', 'What?', 'Wie bitte?', 'Pardon ?', '¿Cómo?', '什么？', '这个在哪里？', 'Aham, ¿y el ascensor?',
  ])('"%s" is not', (text) => expect(isBackchannel(text)).toBe(false));
});
