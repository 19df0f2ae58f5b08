import { describe, expect, it } from 'vitest';
import { correctsCurrentName, decideUpdate, extractionRequest, type UpdateInput } from '../../../src/people/index.js';

/**
 * A visitor settled under K puts it right with a spelling one letter or one sound away: the
 * profile is renamed, never answered with "Is your name K?" nor kept as the same name. The
 * phrasings are written for this test, in the five languages.
 */
const THRESHOLDS = { high: 0.9, low: 0.6 };

function base(current: string): Omit<UpdateInput, 'statedName'> {
  return {
    user: { user_id: 'k1', user_name: current },
    pending: null,
    facts: {},
    answer: 'unclear',
    nameFromSpeech: true,
    known: [{ user_id: 'k1', user_name: current }],
    thresholds: THRESHOLDS,
  };
}

function correction(language: string, current: string, text: string) {
  const input = { text, language, robotName: 'Nadine', lastRobotMessage: `Nice to meet you, ${current}!`, askedName: null, currentName: current };
  const ex = extractionRequest(input).offline;
  const plan = decideUpdate({ ...base(current), statedName: ex.user_name, facts: ex.facts, rejectedName: ex.rejected_name, spelled: ex.spelled });
  return { plan, routed: correctsCurrentName(input) };
}

describe('comparing a correction with the settled name', () => {
  it('a one-letter respelling that rejects the settled name is a correction, however long the name', () => {
    // 12 of 13 letters alike: the similarity alone (0.92) would call it the same name.
    const plan = decideUpdate({ ...base('Jean-Baptiste'), statedName: 'Jean-Batiste', rejectedName: 'Jean-Baptiste' });
    expect(plan).toMatchObject({ kind: 'rename', user: { user_id: 'k1', user_name: 'Jean-Batiste' } });
  });

  it('a respelling of a name the person gave is a correction, not someone to ask about', () => {
    expect(decideUpdate({ ...base('Hendrik'), statedName: 'Henrik' })).toMatchObject({ kind: 'rename', user: { user_name: 'Henrik' } });
  });

  it('the same name said again, or a name recognised by face, is not renamed', () => {
    expect(decideUpdate({ ...base('Hendrik'), statedName: 'hendrik' })).toMatchObject({ kind: 'facts' });
    expect(decideUpdate({ ...base('Hendrik'), statedName: 'Henrik', nameFromSpeech: false })).not.toMatchObject({ kind: 'rename' });
  });
});

describe('corrections to a near spelling, in five languages', () => {
  it.each([
    ['en', 'John', 'Jon', 'No, not John, Jon.'],
    ['en', 'Allan', 'Alan', 'My name is Alan, not Allan.'],
    ['en', 'Sarah', 'Sara', "Sorry, it's Sara."],
    ['de', 'Kathrin', 'Katrin', 'Nein, Katrin.'],
    ['de', 'Kathrin', 'Katrin', 'Ich heiße Katrin, nicht Kathrin.'],
    ['de', 'Hendrik', 'Henrik', 'Eigentlich heiße ich Henrik.'],
    ['de', 'Hendrik', 'Henrik', 'Nee, Henrik ohne d.'],
    ['de', 'Hendrik', 'Henrik', 'Falsch, Henrik.'],
    ['de', 'Hanna', 'Hannah', 'Nein, Hannah, mit h am Ende.'],
    ['fr', 'Matthieu', 'Mathieu', "Non, c'est Mathieu."],
    ['fr', 'Laurent', 'Lorent', 'Non, Lorent.'],
    ['fr', 'Sophie', 'Sofie', "En fait c'est Sofie, avec un f."],
    ['es', 'Mariana', 'Marianna', 'No, Marianna.'],
    ['es', 'Mariana', 'Marianna', 'En realidad me llamo Marianna.'],
    ['es', 'Mariana', 'Marianna', 'Mariana no, Marianna.'],
    ['es', 'Guillermo', 'Guilermo', 'Perdona, es Guilermo.'],
    ['es', 'Rafael', 'Raffael', 'No, es Raffael, con dos efes.'],
    ['es', 'Jimena', 'Ximena', 'No, Ximena con equis.'],
    ['zh', '张伟华', '张维华', '错了，是张维华。'],
    ['zh', '张伟华', '张维华', '其实我叫张维华。'],
    ['zh', '张伟华', '张维华', '张维华，维是维护的维。'],
    ['zh', '赵建平', '赵建萍', '不对，是赵建萍，草字头的萍。'],
    ['zh', '刘德明', '刘得明', '你说错了，是刘得明。'],
    // The name heard, echoed as a question, then the answer; a hedged no ("not quite").
    ['en', 'John', 'Jon', 'John? No, Jon.'],
    ['en', 'John', 'Jon', 'Not John, Jon without the h.'],
    ['de', 'Kathrin', 'Katrin', 'Kathrin? Nein, Katrin.'],
    ['de', 'Kathrin', 'Katrin', 'Nicht ganz, Katrin.'],
    ['fr', 'Sophie', 'Sofie', 'Sophie ? Non, Sofie.'],
    ['fr', 'Thomas', 'Tomas', 'Pas tout à fait : Tomas.'],
    ['es', 'Mariana', 'Marianna', '¿Mariana? No, Marianna.'],
    ['es', 'Mariana', 'Marianna', 'No exactamente, Marianna.'],
  ] as const)('[%s] %s → %s: "%s"', (language, current, right, text) => {
    const { plan, routed } = correction(language, current, text);
    expect(plan).toMatchObject({ kind: 'rename', user: { user_id: 'k1', user_name: right } });
    // Whatever the intent model reads, the turn goes to memory_update.
    expect(routed).toBe(true);
  });

  it.each([
    ['en', 'John', 'No, I want a coffee.'],
    ['de', 'Kathrin', 'Nein, danke.'],
    ['fr', 'Sophie', 'Non, merci.'],
    ['es', 'Mariana', 'No, gracias.'],
    ['zh', '张伟华', '不用了，谢谢。'],
  ] as const)('[%s] called %s, then "%s": corrects nothing', (language, current, text) => {
    const { plan, routed } = correction(language, current, text);
    expect(plan.kind).toBe('facts');
    expect(routed).toBe(false);
  });
});
