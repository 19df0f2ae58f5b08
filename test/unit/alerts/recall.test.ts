import { describe, expect, it } from 'vitest';
import { detectSignal } from '../../../src/alerts/detect.js';
import { fold } from '../../../src/alerts/fold.js';
import { compileLexicon, matchFrames, tokenize } from '../../../src/alerts/frames.js';

const signal = (text: string) => detectSignal(text)?.signal ?? null;
const each = (texts: string[], want: string | null) => {
  for (const text of texts) expect([text, signal(text)]).toEqual([text, want]);
};

describe('spelt emergency numbers', () => {
  it('folds a run of three or more digit words into the number, in every language', () => {
    expect(fold('someone call nine one one')).toBe('someone call 911');
    expect(fold('ruf die eins eins zwei')).toBe('ruf die 112');
    expect(fold('llamen al uno uno dos')).toBe('llamen al 112');
    expect(fold('快打一二零')).toBe('快打120');
    expect(fold('快打幺幺零')).toBe('快打110');
    // Shorter runs stay words.
    expect(fold('one or two')).toBe('one or two');
    expect(fold('三个人')).toBe('三个人');
  });

  it('so that a spelt number is a call for help', () => {
    each(['someone call nine one one', 'dial nine nine nine now', 'llamen al uno uno dos', '快打一二零'], 'emergency');
  });
});

describe('negation of a phrase-list match', () => {
  it('denies it when a negator stands within three words before, as the frames do', () => {
    each(["I'm not having a heart attack don't worry", "c'est pas une urgence", 'das ist kein Notfall'], null);
    // Not across a new clause that starts with a subject pronoun.
    expect(signal("vous ne m'aidez pas je veux une vraie personne")).toBe('help_requested');
  });
});

describe('jokes and hyperbole', () => {
  it('veto an emergency when the utterance marks itself as a joke, and only then', () => {
    each(['ich falle gleich um vor Müdigkeit haha', 'this meeting is killing me slowly lol', 'la salle est en feu, il y a une ambiance de folie'], null);
    // Without the mark, the same words are an emergency.
    expect(signal('ich falle gleich um')).toBe('emergency');
  });
});

describe('German compounds by their head', () => {
  it('matches a lexeme starting with * at the end of a word', () => {
    // A lexicon of this one lexeme (a one-slot frame): does it find it in the word?
    const lexicon = compileLexicon({ concepts: { x: ['*risiko'] }, frames: [{ signal: 'emergency', slots: ['x'] }], negators: [], past: [] }, fold);
    const head = (word: string) => matchFrames(lexicon, tokenize(fold(word))).length > 0;
    expect(head('herzinfarktrisiko')).toBe(true);
    expect(head('risikofaktor')).toBe(false);
  });

  it('takes a compound of an acute illness for an emergency unless its head makes it something else', () => {
    expect(signal('Herzinfarktverdacht bei meinem Kollegen')).toBe('emergency');
    expect(signal('das Herzinfarktrisiko steigt mit dem Alter')).toBe(null);
  });
});

describe('an emergency with its place', () => {
  it('is one in every language, next to each other, unless the word names a kind of thing or a feeling', () => {
    each(['Notfall im zweiten Stock', 'emergency in the lobby', 'urgence au deuxième étage', 'emergencia en el baño'], 'emergency');
    each(['Achtung Feuer im Lager', 'il y a du feu au sous-sol', 'hay fuego en el sótano'], 'emergency');
    // Not when the word names a kind of thing or a feeling.
    each(['la réunion d\'urgence a été déplacée à vendredi', 'la salida de emergencia en la planta dos', 'where is the emergency exit in this building'], null);
    each(['das Feuer im Herzen', 'el fuego en sus ojos'], null);
  });
});

describe('figurative fire and the guard of a service named as a place', () => {
  it('takes a mouth burning from food, or a light that burns, for no fire', () => {
    each(['the chili was so hot my mouth was on fire', 'das Essen war so scharf, mein Mund brennt', 'brennt das Licht im Konferenzraum noch', '这道菜辣得我嘴里着火'], null);
  });

  it('takes an ambulance parked at its place, or a visit of the fire brigade, for no emergency', () => {
    each(['der Krankenwagen steht da immer an der Einfahrt', 'les pompiers sont passés hier pour la vérification'], null);
  });
});

describe('more ways of asking for a person', () => {
  it('in German, French, Spanish and Chinese', () => {
    each(
      [
        'ich hätte gern einen Mitarbeiter gesprochen',
        'wen kann ich hier ansprechen',
        'ist gerade jemand am Empfang',
        "n'y a-t-il personne ici",
        'je souhaiterais être reçu par un conseiller',
        'alguien me puede atender',
        'me pasa con alguien del personal',
        '我不要跟机器人说话',
        '可以帮我找个人吗',
        '有没有人能来一下',
      ],
      'help_requested',
    );
  });

  it('but not a meeting nobody came to, or help finding a room', () => {
    each(["il n'y a personne à la réunion de midi", '帮我找一下会议室'], null);
  });

  it('a bleeding that does not stop is not denied by its own "not", and a fight or a stranger armed is a threat', () => {
    each(['ich hab mich geschnitten, es hört nicht auf zu bluten', 'la plaie continue de saigner beaucoup', 'da prügeln sich zwei vor dem Eingang', 'un individu armé dans le hall'], 'emergency');
    expect(signal('es hört nicht auf zu regnen')).toBe(null);
  });

  it('a cry with a particle is still a cry', () => {
    expect(signal('救命啊')).toBe('emergency');
  });
});
