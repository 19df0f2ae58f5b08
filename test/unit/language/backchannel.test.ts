import { describe, expect, it } from 'vitest';
import { isBackchannel } from '../../../src/language/index.js';

describe('a backchannel asks for nothing', () => {
  it.each([
    'Uh-huh.', 'mm-hmm', 'Mhm.', 'okay', 'Okay, okay.', 'yeah', 'Yeah, right.', 'I see.', 'Oh, really.', 'Got it.', 'Wow.',
    'ja', 'Ja, ja.', 'genau', 'Ach so.', 'Aha.', 'Alles klar.', 'Stimmt.', 'Verstehe.',
    "d'accord", 'Ouais.', 'Ah bon.', 'Je vois.', 'Oui oui.', 'Ah, d’accord.', 'Très bien.',
    'ajá', 'vale', 'sí sí', 'Claro.', 'Ya veo.', 'Ah, vale.', 'Bueno.',
    '嗯', '嗯嗯。', '对', '对对对', '好的', '哦，原来如此。', '是的。', '明白。',
    // Fillers alone, trailing off: someone about to speak, asking nothing yet.
    'Mmh.', 'Mhmm.', 'Hmmm…', 'Uhm.', 'Ehh…', 'Well…', 'Um…', 'Erm…', 'Ähm…', 'Also…', 'Tja.', 'Ben…', 'Bah…', 'Euh…', 'Pues…', 'Este…', 'A ver…', '呃…', '那个…',
  ])('"%s" is a backchannel', (text) => expect(isBackchannel(text)).toBe(true));

  it.each([
    'Uh-huh?', 'Right?', 'What do you mean?', 'Okay, but where is the toilet?', 'Yeah, my name is Dana.', 'Ja, aber wie spät ist es?',
    'Genau, und was machst du sonst?', "D'accord, et ensuite ?", 'Vale, ¿y dónde está?', '嗯，洗手间在哪里？', '好的，谢谢你帮我。', 'Stop.', 'Wait a second.',
    'Thanks.', 'Hello!', 'Okay yeah right sure fine great.', '', '   ', 'Dana', '对不起',
    'Well, what can you do?', 'Pues, ¿qué hora es?', 'Also, wie spät ist es?', '那个，电梯在哪里？', 'So where is it?',
  ])('"%s" is not', (text) => expect(isBackchannel(text)).toBe(false));
});
