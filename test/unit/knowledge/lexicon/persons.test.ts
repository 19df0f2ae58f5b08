import { describe, expect, it } from 'vitest';
import { personhood } from '../../../../src/knowledge/tokens.js';

describe('whom a question speaks of, in five languages', () => {
  it('a generic subject ("on peut", "kann man", "se puede", "faut-il") is half a person: what anyone may do, the visitor may do', () => {
    const generic = ['On peut payer par carte ?', 'Faut-il parler plus fort ?', '¿Se puede pagar con tarjeta?', 'Kann man hier mit Karte zahlen?', 'Is it possible to pay by card?'].map((q) => personhood(q));
    expect(new Set(generic).size).toBe(1);
    expect(generic[0]).toBeGreaterThan(0);
    expect(generic[0]).toBeLessThan(1);
  });

  it('"I" or "you" is a whole person, and a question about the world around none', () => {
    expect(personhood('Kann man dich unterbrechen?')).toBe(1);
    expect(personhood('Can I pay you by card?')).toBe(1);
    for (const q of ['Where is the lift?', "Où est l'ascenseur ?", '¿Dónde están las oficinas?', 'Wie alt ist dieses Gebäude?']) expect(personhood(q), q).toBe(0);
  });

  it('reads the person from a Spanish verb ending on a thesaurus word, where Spanish drops the pronoun', () => {
    expect(personhood('¿Grabas lo que hablamos?')).toBe(1);
    expect(personhood('¿Filmas a la gente?')).toBe(1);
    // A plural noun ends in -as too: only thesaurus words are read so.
    expect(personhood('¿Dónde están las oficinas?')).toBe(0);
  });
});
