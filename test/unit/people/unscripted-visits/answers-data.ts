import type { Language } from '../../../../src/config/index.js';

/**
 * Yes to "Is your name K?" with interjections, fillers and particles around it, written for this
 * battery; and per language a known name with the near spelling the visitor says (the robot asks).
 */
export const FILLED_YES: Record<Language, { pairs: readonly [string, string][]; answers: readonly string[] }> = {
  en: {
    pairs: [['Megan', 'Meghan'], ['Brian', 'Bryan'], ['Lindsay', 'Lindsey'], ['Phillip', 'Philip']],
    answers: ['Uh, yeah.', 'Um yes', 'Oh, yes!', "Uh, yeah, that's me.", 'Yeah, yeah.', 'Mm, yes.', "Er, yes, that's right.", 'Well, yes.', 'Hmm, yeah I think so.',
      "Ah yes, that's me.", "Oh yeah, that's me", 'Yes, yes, it is.', 'Yeah, uh, correct.', "Yep, that's right.", 'Uh huh, yes.', 'Ah, right, yes.', "Oh, that's me!", 'uh yeah'],
  },
  de: {
    pairs: [['Mareike', 'Mareicke'], ['Claudia', 'Klaudia'], ['Bernd', 'Berndt'], ['Annika', 'Anika']],
    answers: ['Äh, ja.', 'Ähm ja', 'Ja, ja.', 'Ja klar.', 'Oh, ja!', 'Ja, genau, das bin ich.', 'Hm, ja.', 'Äh, genau.', 'Naja, ja.', 'Ach ja, das bin ich.', 'Jaja, stimmt.',
      'Mhm, ja.', 'Öhm, richtig.', 'Ja, ja, das stimmt.', 'Jo, passt.', 'äh ja', 'Ähm, ja, das bin ich wohl.', 'Ah, ja, genau.'],
  },
  fr: {
    pairs: [['Ghislaine', 'Guislaine'], ['Mathilde', 'Matilde'], ['Danielle', 'Daniele'], ['Frédéric', 'Frederik']],
    answers: ['Euh, oui.', 'Euh oui', 'Ben oui.', "Bah oui, c'est moi.", 'Oh, oui !', 'Oui, oui.', "Hum, oui, c'est ça.", "Ah oui, c'est moi.", 'Eh oui.', "Ouais, c'est moi.",
      'Oui, tout à fait.', "Oui, oui, c'est bien moi.", 'Euh, oui, exact.', 'Ah, ben oui.', "Oui c'est ça", 'euh ouais', 'Hein ? Ah oui, oui.'],
  },
  es: {
    pairs: [['Beatriz', 'Beatris'], ['Javier', 'Xavier'], ['Gonzalo', 'Gonsalo'], ['Isabel', 'Isabela']],
    answers: ['Eh, sí.', 'Eh sí', 'Sí, sí.', 'Pues sí.', 'Ah, sí, soy yo.', 'Mmm, sí.', 'Sí, claro que sí.', 'Bueno, sí.', 'Ay, sí.', 'Ajá, sí.', 'Sí, esa soy yo.', 'Este, sí.',
      'Oh, sí, correcto.', 'Sí, sí, soy yo.', 'Pues claro.', 'eh si', 'Ehh, sí, sí.'],
  },
  zh: {
    pairs: [['王晓红', '王小红'], ['刘德华', '刘得华'], ['陈丽娟', '陈莉娟'], ['黄志明', '黄智明']],
    answers: ['嗯对', '嗯，对。', '啊，是的。', '哦，是我。', '呃，没错。', '嗯嗯，是我。', '对呀。', '是的呀', '是我啊', '对的吧', '嗯，是的吧。', '哦对对对。', '啊对，就是我。',
      '嗯是我', '呃……对。', '哦，没错没错。', '是啊是啊', '对嘛', '啊，对对，是我呀。', '嗯，是我吧。', '哦，对的。', '呃，对，是我。'],
  },
};
