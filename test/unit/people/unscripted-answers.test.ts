import { describe, expect, it } from 'vitest';
import { decideUpdate, extractionRequest, type UpdatePlan } from '../../../src/people/index.js';

/**
 * Answers to "Is your name K?" written for this test, not taken from the generator's parts: a
 * miss ("Raté !", "Knapp daneben", "Fallaste") is a no and no name; "not K but S" in one breath
 * settles S. Each case goes from the words to the plan, as memory_update does.
 */
const THRESHOLDS = { high: 0.9, low: 0.6 };

function answer(language: string, known: string, said: string, text: string): { plan: UpdatePlan; name: string | null; said: string } {
  const ex = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: `Is your name ${known}?`, askedName: known, currentName: null }).offline;
  const plan = decideUpdate({
    user: { user_id: null, user_name: null },
    pending: { given_name: said, candidates: [{ user_id: 'k1', user_name: known, score: 0.8 }], facts: {} },
    statedName: ex.user_name,
    facts: ex.facts,
    answer: ex.answer,
    rejectedName: ex.rejected_name,
    spelled: ex.spelled,
    nameFromSpeech: true,
    asksSomethingElse: false,
    known: [{ user_id: 'k1', user_name: known }],
    thresholds: THRESHOLDS,
  });
  return { plan, name: ex.user_name, said: ex.answer };
}

const PAIRS = { en: ['John', 'Jon'], de: ['Kathrin', 'Katrin'], fr: ['Sophie', 'Sofie'], es: ['Mariana', 'Marianna'], zh: ['李晓明', '李小明'] } as const;

describe('a miss is a no, and never a name', () => {
  it.each([
    ['en', 'Missed it.'],
    ['en', 'Nope, wrong guess.'],
    ['en', "No, that's someone else."],
    ['de', 'Nein, daneben.'],
    ['de', 'Knapp daneben.'],
    ['de', 'Nein, Irrtum.'],
    ['de', 'Nein, verwechselt.'],
    ['de', 'Fehlanzeige.'],
    ['fr', 'Raté !'],
    ['fr', 'Non, perdu.'],
    ['fr', 'Non, loupé.'],
    ['fr', 'Non, erreur.'],
    ['fr', 'Que nenni.'],
    ['es', 'No, fallaste.'],
    ['es', 'Nop.'],
    ['es', 'No, error.'],
    ['es', 'No, otra persona.'],
    ['es', 'No, no atinaste.'],
    ['es', 'Ni de broma.'],
    ['es', 'Lamentablemente no.'],
    ['es', 'No, me confundes con otra.'],
    ['fr', 'Hélas non.'],
    ['fr', 'Négatif.'],
    ['zh', '不对，猜错了。'],
    ['zh', '你认错人了。'],
  ] as const)('[%s] "%s"', (language, text) => {
    const [known, said] = PAIRS[language];
    const { plan, name, said: reading } = answer(language, known, said, text);
    expect(reading).toBe('no');
    expect(name).toBeNull();
    expect(plan).toMatchObject({ kind: 'create', name: said });
  });

  it.each([
    ['es', '¡Acertaste!'],
    ['fr', 'Gagné !'],
    ['de', 'Treffer.'],
    ['es', 'Pues, Eso.'],
  ] as const)('[%s] "%s" is a yes', (language, text) => {
    const [known, said] = PAIRS[language];
    expect(answer(language, known, said, text).plan).toMatchObject({ kind: 'link', user: { user_name: known } });
  });

  it('"Je suis perdu" is no answer: only a miss that starts the answer says no', () => {
    expect(extractionRequest({ text: 'Je suis perdu.', language: 'fr', robotName: 'Nadine', lastRobotMessage: 'Is your name Sophie?', askedName: 'Sophie' }).offline.answer).toBe('unclear');
  });
});

describe('"not K but S" in one breath settles S', () => {
  it.each([
    ['fr', 'Non, pas Sophie mais Sofie.'],
    ['fr', "Ce n'est pas Sophie, c'est Sofie."],
    ['fr', 'Pas du tout, je ne suis pas Sophie mais Sofie.'],
    ['fr', "Non, moi c'est Sofie, pas Sophie."],
    ['fr', "Perdu, c'est Sofie."],
    ['en', 'Not John but Jon.'],
    ['en', 'No — Jon, not John.'],
    ['de', 'Das bin ich nicht, ich bin Katrin.'],
    ['de', 'Nein, Katrin, nicht Kathrin.'],
    ['es', 'No es Mariana sino Marianna.'],
    ['es', 'Mariana no, Marianna.'],
    ['zh', '不是李晓明，而是李小明。'],
    ['zh', '李小明，不是李晓明。'],
  ] as const)('[%s] "%s"', (language, text) => {
    const [known, said] = PAIRS[language];
    expect(answer(language, known, said, text).plan).toMatchObject({ kind: 'create', name: said });
  });
});
