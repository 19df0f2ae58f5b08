import { describe, expect, it } from 'vitest';
import { GENERIC_PERSONHOOD, personhood, speaksOfPersons } from '../../../../src/knowledge/tokens.js';

describe('whom a question speaks of, in five languages', () => {
  it('a generic subject ("on peut", "kann man", "se puede", "faut-il") is half a person: what anyone may do, the visitor may do', () => {
    for (const q of ['On peut payer par carte ?', 'Faut-il parler plus fort ?', '¿Se puede pagar con tarjeta?', 'Kann man hier mit Karte zahlen?', 'Is it possible to pay by card?'])
      expect(personhood(q), q).toBe(GENERIC_PERSONHOOD);
    expect(GENERIC_PERSONHOOD).toBeGreaterThan(0);
    expect(GENERIC_PERSONHOOD).toBeLessThan(1);
  });

  it('"I" or "you" is a whole person, and a question about the world around none', () => {
    expect(personhood('Kann man dich unterbrechen?')).toBe(1);
    expect(personhood('Can I pay you by card?')).toBe(1);
    for (const q of ['Where is the lift?', "Où est l'ascenseur ?", '¿Dónde están las oficinas?', 'Wie alt ist dieses Gebäude?']) expect(personhood(q), q).toBe(0);
  });

  it('reads the person from a Spanish verb ending on a thesaurus word, where Spanish drops the pronoun', () => {
    expect(speaksOfPersons('¿Grabas lo que hablamos?')).toBe(true);
    expect(speaksOfPersons('¿Filmas a la gente?')).toBe(true);
    // A plural noun ends in -as too: only thesaurus words are read so.
    expect(speaksOfPersons('¿Dónde están las oficinas?')).toBe(false);
  });
});
