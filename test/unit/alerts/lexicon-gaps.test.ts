import { describe, expect, it } from 'vitest';
import { detectSignal } from '../../../src/alerts/detect.js';

const signal = (text: string) => detectSignal(text)?.signal ?? null;
const each = (texts: string[], want: string | null) => {
  for (const text of texts) expect([text, signal(text)]).toEqual([text, want]);
};

describe('a person asked for by title and name', () => {
  it('is a request for a person when the visitor asks to fetch, call or speak to them, in every language with titles', () => {
    each(
      [
        'holen Sie mir bitte mal Herrn Schulte',
        'ich würde gern mit Frau Dr. Yilmaz reden',
        'could you ring Ms Okafor for me',
        'est-ce que vous pouvez faire venir madame Lambert',
        '¿puede avisar a la señora Gómez?',
      ],
      'help_requested',
    );
  });

  it('but not when they come anyway, are called later by the visitor, or are the name the visitor wants to be called', () => {
    each(
      [
        'Herr Schulte wird Sie gleich holen',
        "I'll ring Ms Okafor tomorrow",
        'je vais appeler madame Lambert plus tard',
        'appelez-moi monsieur Lambert',
        'just call me Mr Okafor',
        'ich habe einen Termin mit Frau Dr. Yilmaz, können Sie ihr Bescheid geben',
      ],
      null,
    );
  });
});

describe('real people, someone, a named person in Chinese', () => {
  it('asking whether there are real people, or saying one needs someone, is a request for a person', () => {
    each(["est-ce qu'il y a de vraies personnes ici", 'are there real humans around', '¿hay personas de verdad aquí?', "c'est vide ici, j'ai besoin de quelqu'un", 'nobody at the desk, i need somebody', '请帮我叫一下张经理'], 'help_requested');
  });

  it('but needing someone for a task, or a heart that bleeds for something, is none', () => {
    each(["j'ai besoin de quelqu'un pour porter mes valises", 'mir blutet das Herz, wenn ich das sehe', 'my heart bleeds for them', 'le coeur saigne de voir ça'], null);
  });
});

describe('staff roles beyond the desk', () => {
  it('caretakers, porters and guards are people to ask for', () => {
    each(['können Sie den Pförtner rufen', 'can you get the caretaker please', 'vous pouvez appeler le concierge', 'quiero hablar con el conserje', 'un vigile peut venir ?'], 'help_requested');
  });
});

describe('spoken signs of an emergency', () => {
  it('chest, heart and stroke signs, fits and collapse, said loosely', () => {
    each(
      [
        'er hat so nen Druck auf der Brust',
        'bei meiner Frau hängt der Mundwinkel und sie kann nicht mehr richtig sprechen',
        'mir wird schwarz, alles dreht sich',
        'im Keller brennts',
        'il a la bouche de travers, il arrive plus à parler',
        'mon coeur s’emballe et j’ai mal dans la poitrine',
        'la dame est par terre et elle bouge pas',
        'he just dropped, he is not answering',
        "she's foaming at the mouth",
        '他手指割破了，血止不住',
      ],
      'emergency',
    );
  });

  it('electrics that spark, a spiked drink, eyes rolled back, in every language', () => {
    each(['aus dem Sicherungskasten sprühen Funken', 'le tableau électrique fait des étincelles', 'el cuadro eléctrico echa chispas', '电箱在冒烟', 'einer hat mir was ins Glas getan', "on a mis un truc dans mon verre, j'ai la tête qui tourne", '他眼睛往上翻，还在抽搐', 'er verdreht die Augen und zuckt'], 'emergency');
    each(['wo ist hier eine Steckdose', 'je cherche une prise pour mon portable', 'ich hab Zucker ins Glas getan'], null);
  });

  it('and a threat to everyone, the police in slang, a stranger who sticks to the visitor', () => {
    each(['appelez les keufs vite', 'il menace tout le monde avec un tesson', 'ce type me colle depuis la gare'], 'emergency');
  });

  it('but an illness the visitor recovered from, or a heart racing with joy, is none', () => {
    each(['meine Mutter hatte mal einen Schlaganfall, jetzt geht es ihr wieder gut', "ma tante a fait un AVC il y a longtemps, elle s'en est remise", 'mein Herz rast vor Freude', 'alles dreht sich um Fußball'], null);
  });
});
