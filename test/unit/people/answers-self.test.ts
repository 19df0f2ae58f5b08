import { describe, expect, it } from 'vitest';
import { detectAnswer, extractionRequest } from '../../../src/people/index.js';

/** "That would be me" and its kin: a yes made of "that" + a form of "to be" + "me", in the five languages. */
describe('"that would be me" is a yes', () => {
  it.each([
    'That would be me.', "That'd be me!", 'That must be me.', 'Yep, that should be me.',
    'Das wäre ich.', 'Das müsste ich sein.', 'Das bin wohl ich.', 'Ja, das dürfte ich sein.', 'Ganz recht.', 'Ich bin gemeint.',
    'Ce serait moi.', 'Ça doit être moi.', "C'est moi-même.", 'Moi-même.',
    'Sería yo.', 'Esa sería yo.', 'Ese debo ser yo.', 'Yo mismo.',
    '那就是我。', '是我本人。', '本人。', '应该是我。',
  ])('"%s"', (text) => expect(detectAnswer(text)).toBe('yes'));

  it.each(["That wouldn't be me.", 'Das wäre nicht ich.', 'Ce ne serait pas moi.', 'No sería yo.', '那不是我。'])('"%s" is a no', (text) =>
    expect(detectAnswer(text)).toBe('no'),
  );
});

describe('"not X but Y" corrections give Y', () => {
  it.each([
    ['No, not John but Jon.', 'en', 'John', 'Jon'],
    ['Nein, nicht Kathrin, sondern eigentlich Katrin.', 'de', 'Kathrin', 'Katrin'],
    ['Non, pas Matthieu, mais bien Mathieu.', 'fr', 'Matthieu', 'Mathieu'],
    ['Non, pas Thomas mais plutôt Tomas.', 'fr', 'Thomas', 'Tomas'],
    ["Ce n'est pas Sophie mais Sofie.", 'fr', 'Sophie', 'Sofie'],
    ['No Mariana, sino más bien Marianna.', 'es', 'Mariana', 'Marianna'],
    ['不是李晓明，而是李小明。', 'zh', '李晓明', '李小明'],
  ])('%s', (text, language, asked, name) => {
    const { offline } = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: `Is your name ${asked}?`, askedName: asked });
    expect(offline.rejected_name).toBe(asked);
    expect(offline.user_name).toBe(name);
  });
});
