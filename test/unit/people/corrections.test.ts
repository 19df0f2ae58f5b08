import { describe, expect, it } from 'vitest';
import { memoryUpdateAgent } from '../../../src/dialogue/agents/memory-update.js';
import { newSession, startTurn, step, type TurnState } from '../../../src/dialogue/index.js';
import type { Language } from '../../../src/config/index.js';
import { extractionRequest, findCorrection, type ProfileStore } from '../../../src/people/index.js';
import { testConfig } from '../../helpers/config.js';
import { RecordingPerception, turnPorts } from '../../helpers/ports.js';

async function turn(ports: ReturnType<typeof turnPorts>, before: TurnState | null, text: string, language: Language = 'en'): Promise<TurnState> {
  const session = before ?? { ...newSession(language), language };
  const state = { ...startTurn(session, 't', text, null), intent: 'update_user_info' as const };
  const after = { ...state, ...(await step(memoryUpdateAgent, state, ports)) };
  // The robot's reply names the person, as the offline lines do.
  return { ...after, messages: [...after.messages, { role: 'assistant' as const, content: `Nice to meet you, ${after.user_info.user_name ?? ''}!` }] };
}

describe('a name the person says is not theirs', () => {
  it.each([
    ['No, not Anne. It’s Hanne.', 'Anne', 'Hanne'],
    ["It's not John, it's Jon.", 'John', 'Jon'],
    ["I'm Anna, not Hanna.", 'Hanna', 'Anna'],
    ['Nein, nicht Anna, Hanna.', 'Anna', 'Hanna'],
    ['Ich bin nicht der Peter, ich heiße Petra.', 'Peter', 'Petra'],
    ["Non, pas Marie. Je m'appelle Maria.", 'Marie', 'Maria'],
    ["Ce n'est pas Louis, c'est Luis.", 'Louis', 'Luis'],
    ['No, no soy Mariana, soy Marina.', 'Mariana', 'Marina'],
    ['No me llamo Jorge, me llamo Georgina.', 'Jorge', 'Georgina'],
    ['不是李明，是李敏。', '李明', '李敏'],
    // The bare negation, and the word that links the right name ("sondern", "mais", "sino").
    ['No Mariana, Marianna.', 'Mariana', 'Marianna'],
    ['No Guillermo sino Guilermo.', 'Guillermo', 'Guilermo'],
    ['Nicht Matthias, sondern Mathias.', 'Matthias', 'Mathias'],
    ['Pas Sophie, mais Sofie.', 'Sophie', 'Sofie'],
    ['Not Catherine but Katherine.', 'Catherine', 'Katherine'],
    // A filler first: what is left once the rejected name is cut out still starts with it.
    ['Ähm, Nicht Matthias, sondern Mathias.', 'Matthias', 'Mathias'],
    ["Euh, Non, pas Sophie. C'est Sofie.", 'Sophie', 'Sofie'],
    ['Bueno, No Guillermo, Guilermo.', 'Guillermo', 'Guilermo'],
    ['呃，不是张伟华，是张维华。', '张伟华', '张维华'],
    ['那个，不是陈静怡，是陈静宜。', '陈静怡', '陈静宜'],
  ])('"%s": not %s but %s', (text, rejected, right) => {
    expect(findCorrection(text).rejected).toBe(rejected);
    const { offline } = extractionRequest({ text, language: 'en', robotName: 'Nadine', lastRobotMessage: null, askedName: null });
    expect(offline).toMatchObject({ user_name: right, rejected_name: rejected });
  });

  it.each(['Not really.', 'Nicht so gut.', 'Pas du tout.', 'No es nada.', "I'm not sure", '不是我', 'No sé.', 'No, gracias.', 'No problem.'])('"%s" rejects no name', (text) => {
    expect(findCorrection(text).rejected).toBeNull();
  });

  it.each([
    ["It's Jon without an h.", 'Jon'],
    ['Jon, ohne h.', 'Jon'],
    ['Hannah, with an h at the end', 'Hannah'],
    ['Jon, sans h.', 'Jon'],
    // Letters said by their names ("hache", "efe", "equis", "Ypsilon"), and digraphs.
    ['Jon, sin hache', 'Jon'],
    ['Raffael, con dos efes.', 'Raffael'],
    ['Ximena, con equis', 'Ximena'],
    ['Meyer, mit Ypsilon.', 'Meyer'],
    ['Sofie, avec un f.', 'Sofie'],
    ['Steffen, mit zwei f.', 'Steffen'],
    ['Vengo sin ese papel.', null],
  ])('"%s" is spelled out', (text, name) => {
    const correction = findCorrection(text);
    if (name === null) return expect(correction.spelled).toBe(false);
    expect(correction.spelled).toBe(true);
    expect(extractionRequest({ text, language: 'en', robotName: 'Nadine', lastRobotMessage: null, askedName: 'John' }).offline.user_name).toBe(name);
  });
});

describe('correcting a name settled by mistake', () => {
  function setup() {
    const perception = new RecordingPerception();
    const ports = turnPorts(testConfig(), { perception });
    return { ports, perception, store: ports.people as ProfileStore };
  }

  it.each([
    ['en', 'My name is Anne.', 'No, not Anne. It’s Hanne.', 'Anne', 'Hanne'],
    ['en', 'My name is Anne.', "No, it's Hanne.", 'Anne', 'Hanne'],
    ['de', 'Ich heiße Anna.', 'Nein, nicht Anna, Hanna.', 'Anna', 'Hanna'],
    ['fr', "Je m'appelle Marie.", "Non, pas Marie, je m'appelle Maria.", 'Marie', 'Maria'],
    ['es', 'Me llamo Mariana.', 'No, no soy Mariana, soy Marina.', 'Mariana', 'Marina'],
    ['zh', '我叫李明。', '不是李明，是李敏。', '李明', '李敏'],
  ] as const)('[%s] renames the profile and tells perception the new name', async (language, intro, correction, first, right) => {
    const { ports, perception, store } = setup();
    const met = await turn(ports, null, intro, language);
    expect(met.user_info.user_name).toBe(first);
    const id = met.user_info.user_id!;
    const fixed = await turn(ports, met, correction, language);
    expect(fixed.name_resolution.status).toBe('corrected');
    expect(fixed.name_confirmation).toBeNull();
    expect(fixed.user_info).toMatchObject({ user_id: id, user_name: right });
    expect(perception.settled).toEqual([
      { user_id: id, user_name: first },
      { user_id: id, user_name: right },
    ]);
    await store.flush();
    expect(store.load(id)?.user_name).toBe(right);
    expect(store.knownUsers()).toContainEqual({ user_id: id, user_name: right });
  });

  it('a correction to the name of someone known links to them instead', async () => {
    const { ports, store } = setup();
    store.save({ user_id: 'hanne_01', user_name: 'Hanne' }, {});
    const met = await turn(ports, null, 'My name is Greta.');
    expect(met.name_resolution.status).toBe('new_user');
    const fixed = await turn(ports, met, 'No, not Greta. It’s Hanne.');
    expect(fixed.user_info).toMatchObject({ user_id: 'hanne_01', user_name: 'Hanne' });
    expect(fixed.name_resolution.status).toBe('matched');
  });

  it('a spelled-out name is not taken for the near name asked about', async () => {
    const { ports, store } = setup();
    store.save({ user_id: 'john_01', user_name: 'John' }, {});
    const asking = await turn(ports, null, 'My name is Jon.');
    expect(asking.name_resolution.status).toBe('asking');
    const answered = await turn(ports, asking, "No, it's Jon without an h.");
    expect(answered.user_info.user_name).toBe('Jon');
    expect(answered.user_info.user_id).not.toBe('john_01');
    // Told that way from the start, nobody is asked about.
    const direct = await turn(setup().ports, null, 'My name is Jon, without an h.');
    expect(direct.name_resolution.status).toBe('new_user');
  });

  it('"No, not Anne" to "Is your name Anne?" is a no even with a near name', async () => {
    const { ports, store } = setup();
    store.save({ user_id: 'anne_01', user_name: 'Anne' }, {});
    const asking = await turn(ports, null, 'My name is Hanne.');
    expect(asking.name_resolution).toMatchObject({ status: 'asking', candidate: { user_id: 'anne_01' } });
    const answered = await turn(ports, asking, 'No, not Anne. Hanne.');
    expect(answered.user_info).toMatchObject({ user_name: 'Hanne' });
    expect(answered.user_info.user_id).not.toBe('anne_01');
  });
});

describe('a correction to a name perception gave', () => {
  it('is someone else, not a profile to rename', async () => {
    const perception = new RecordingPerception();
    const ports = turnPorts(testConfig(), { perception });
    const store = ports.people as ProfileStore;
    store.save({ user_id: 'anne_01', user_name: 'Anne' }, { location: 'Bern' });
    // Recognised by face as Anne, greeted as Anne; the person says she is Hanne.
    const greeted = { ...newSession('en', { user_id: 'anne_01', user_name: 'Anne' }), messages: [{ role: 'assistant' as const, content: 'Hello Anne, nice to see you again!' }] };
    const state = { ...startTurn(greeted, 't', 'No, not Anne. I’m Hanne.', null), intent: 'update_user_info' as const };
    const after = { ...state, ...(await step(memoryUpdateAgent, state, ports)) };
    expect(after.user_info.user_name).toBe('Hanne');
    expect(after.user_info.user_id).not.toBe('anne_01');
    expect(after.user_info.location ?? null).toBeNull();
    expect(store.load('anne_01')?.user_name).toBe('Anne');
  });
});
