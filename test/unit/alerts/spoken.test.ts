import { describe, expect, it } from 'vitest';
import { detectSignal } from '../../../src/alerts/detect.js';
import { fold } from '../../../src/alerts/fold.js';
import { compileLexicon, matchFrames, tokenize } from '../../../src/alerts/frames.js';
import { spokenForms } from '../../../src/alerts/spoken.js';

const signal = (text: string) => detectSignal(text)?.signal ?? null;
const each = (texts: string[], want: string | null) => {
  for (const text of texts) expect([text, signal(text)]).toEqual([text, want]);
};
const tokens = (text: string) => tokenize(fold(text));

describe('clauses', () => {
  it('are counted in the tokens at each mark that ends one', () => {
    expect(tokens('nein, nicht ich. Er? 着火了，快跑').map((t) => t.clause)).toEqual([0, 1, 1, 2, 3, 3, 3, 4, 4]);
  });

  it('end a negation: what follows a comma is not denied', () => {
    expect(signal('ich rede nicht mit Robotern, wo ist ein Mensch?')).toBe('help_requested');
    expect(signal("j'ai pas le temps, appelez une ambulance")).toBe('emergency');
    // Within the clause the negation still holds.
    each(['das ist kein Notfall', "c'est pas une urgence"], null);
  });
});

describe('gaps in lexemes', () => {
  const found = (lexeme: string, text: string) =>
    matchFrames(compileLexicon({ concepts: { x: [lexeme] }, frames: [{ signal: 'emergency', slots: ['x'] }], negators: [], past: [] }, fold), tokens(text)).map((m) => m.parts);

  it('join a separable verb and its particle, or an auxiliary and its participle, across what stands between', () => {
    expect(found('geht mir .. nach', 'der Mann geht mir schon seit dem Bahnhof nach')).toEqual([[{ first: 2, last: 8 }]]);
    expect(found('geht mir .. nach', 'er geht mir nach')).toEqual([[{ first: 1, last: 3 }]]);
    // `$`: a separable particle ends its clause; "nach dem Essen" is a preposition.
    expect(found('geht mir .. nach $', 'er geht mir seit Stunden nach, bitte')).toEqual([[{ first: 1, last: 5 }]]);
    expect(found('geht mir .. nach $', 'es geht mir heute nicht gut nach dem Essen')).toEqual([]);
    expect(found('sich .. verschluckt', 'er hat sich an einer Erdnuss verschluckt')).toHaveLength(1);
  });

  it('stop at the end of the clause and after five words', () => {
    expect(found('geht mir .. nach', 'er geht mir auf die Nerven, nach dem Essen')).toEqual([]);
    expect(found('geht mir .. nach', 'es geht mir heute wirklich gar nicht so gut nach dem Essen')).toEqual([]);
  });

  it('so that German word order is read as it is spoken', () => {
    each(['Hilfe, der Mann geht mir schon seit dem Bahnhof nach', 'mein Sohn hat sich an einer Erdnuss verschluckt'], 'emergency');
    expect(signal('es geht mir heute nicht gut nach dem Essen')).not.toBe('emergency');
  });
});

describe('spoken forms', () => {
  it("read a clitic or a short article as the lexicon writes it, and a word without its final e as the lexicon's word", () => {
    const read = spokenForms({ s: 'es', nen: 'einen' }, [['', 'e']], new Set(['kippe', 'um', 'es']));
    expect(read(tokens("ich kipp um, brennt's, nen Arzt")).map((t) => t.text)).toEqual(['ich', 'kippe', 'um', 'brennt', 'es', 'einen', 'arzt']);
    // A word the lexicon has stays as it is; unchanged tokens are the same array.
    const plain = tokens('um es');
    expect(read(plain)).toBe(plain);
  });

  it('read another ending of a word the lexicon has: the du form, an infinitive, the other gender', () => {
    const read = spokenForms({}, [['st', 't'], ['er', 'e']], new Set(['holt', 'touche']));
    expect(read(tokens('holst du mal, me toucher, holster')).map((t) => t.text)).toEqual(['holt', 'du', 'mal', 'me', 'touche', 'holster']);
  });

  it('so that colloquial German raises what the written form does', () => {
    each(['mir ist total schwindelig, ich kipp gleich um', "im Lager brennt's!", 'ich glaub ich hab nen Herzanfall'], 'emergency');
  });
});

describe('reported speech', () => {
  it('makes a fire or an attack in the news, a game or a paper a story, in every language', () => {
    each(
      [
        'the news said there was a fire in the city centre',
        'in den Nachrichten kam, dass es in Hamburg gebrannt hat',
        "j'ai vu aux infos qu'il y a eu un incendie à Lyon",
        'en las noticias dicen que hay un incendio en el centro',
        '新闻说市中心着火了',
      ],
      null,
    );
    expect(signal('there is a fire in the city centre')).toBe('emergency');
  });
});

describe('a word two languages share', () => {
  it("is denied by either language's negator", () => {
    expect(signal("pas besoin d'ambulance, je vais bien")).toBe(null);
    expect(signal("vite, une ambulance")).toBe('emergency');
  });
});

describe('past events told as stories', () => {
  it('raise nothing when the time or the recovery is said', () => {
    each(["mon fils a fait une crise d'asthme la semaine dernière, ça va mieux", 'last week my dad collapsed at work but he is fine now'], null);
  });
});

describe('negations that assert', () => {
  it('deny nothing: "keeps on doing it" is said with a negator in every language', () => {
    each(['un tipo no para de tocarme, ayúdeme', "ce type arrête pas de me toucher, aidez-moi", "some guy won't stop touching me"], 'emergency');
    // A plain negation still denies.
    each(['nadie me toca, tranquilo', 'personne ne me touche'], null);
  });
});

describe('German participles and compounds', () => {
  it('find a cut at the end of the clause and a hazard by its compound head', () => {
    each(['mein Kollege hat sich mit dem Cutter tief in die Hand geschnitten', 'mein Kind hat Reinigungsmittel getrunken'], 'emergency');
    expect(signal('holst du mal bitte jemanden vom Personal')).toBe('help_requested');
  });
});

describe('a small injury told as nothing serious', () => {
  it('raises nothing in any language, while the injury alone still does', () => {
    each(
      [
        'ich hab mich gestern beim Kochen leicht geschnitten, nix Schlimmes',
        'je me suis coupée en cuisinant hier, rien de grave',
        'I cut myself cooking yesterday, nothing serious',
        'me corté ayer cocinando, nada grave',
        '我昨天做饭切到手了，不严重',
        'ich hab mir vor einem Monat das Bein gebrochen, deshalb die Krücken',
      ],
      null,
    );
    expect(signal('ich habe mir das Bein gebrochen')).toBe('emergency');
  });
});

describe('a negative question whether staff are there', () => {
  it('asks for a person', () => {
    each(['gibt es hier keinen Mitarbeiter?', "il n'y a pas d'employé ici ?", '这里没有员工吗'], 'help_requested');
  });

  it('while "X死人" is a Chinese idiom, not a person', () => {
    expect(signal('这天气要热死人了')).toBe(null);
  });
});

describe('fillers', () => {
  it("are not counted in a frame's window", () => {
    const lexicon = compileLexicon({ concepts: { a: ['atmet'], b: ['flach'] }, frames: [{ signal: 'emergency', slots: ['a', 'b'], window: 2 }], negators: [], past: [], fillers: ['nur', 'noch', 'ganz'] }, fold);
    expect(matchFrames(lexicon, tokens('er atmet nur noch ganz flach'))).toHaveLength(1);
    expect(matchFrames(lexicon, tokens('er atmet morgens im Park flach'))).toHaveLength(0);
  });

  it('so that intensifiers do not hide an emergency or a request', () => {
    each(['da hinten im Gang liegt ein Mann und atmet nur noch ganz flach'], 'emergency');
    expect(signal('il me faut vraiment un humain qui m’écoute')).toBe('help_requested');
  });
});

describe('medicine', () => {
  it('taken twice or too much is an emergency, taken as prescribed is not', () => {
    each(['meine Mutter hat ihre Tabletten doppelt genommen und ist ganz benommen', 'ma mère a pris deux fois ses médicaments et elle est toute groggy'], 'emergency');
    each(['ich habe meine Tabletten genommen', "j'ai pris mes médicaments ce matin"], null);
  });
});

describe('German compound participles and staff titles', () => {
  it('find a limb crushed or trapped by the participle\'s head, not a paper cut', () => {
    each(['mein Mann hat sich an der Maschine den Arm eingequetscht', "mon mari s'est coincé le bras dans la machine", "my husband's trapped his arm in the machine"], 'emergency');
    expect(signal('haben Sie ein Pflaster? Ich hab mir beim Papier in den Finger geschnitten')).toBe(null);
  });

  it('ask for a person by title or as someone real', () => {
    each(['ich möchte mich beschweren, holen Sie bitte Ihren Teamleiter', 'sind Sie ein Roboter? Dann will ich einen richtigen Mitarbeiter', "j'y arrive pas avec toi, y a pas quelqu'un de vrai ?"], 'help_requested');
  });

  it("a French name is no call: \"comment s'appelle le médecin\"", () => {
    expect(signal("comment s'appelle le médecin que je dois voir ?")).toBe(null);
    expect(signal('appelle le médecin, vite')).toBe('emergency');
  });
});

describe('words that are names of an object\'s own properties', () => {
  it('are words like any other: "constructor", "toString", "__proto__" break no rule', () => {
    expect(signal('who is the constructor here?')).toBe(null);
    each(['the constructor collapsed, call an ambulance', 'toString hasOwnProperty __proto__ help, my chest hurts and I can\'t breathe'], 'emergency');
    expect(signal('der constructor ist zusammengebrochen, ruf einen Krankenwagen')).toBe('emergency');
  });
});
