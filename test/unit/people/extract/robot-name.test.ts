import { describe, expect, it } from 'vitest';
import { extractionRequest, statesOwnName } from '../../../../src/people/extract/index.js';

const read = (text: string, language: string) =>
  extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline.user_name;

// A name said first and then a first-person clause is an introduction ("Bonjour, Léa, je suis là
// pour la visite."); the robot addressed by its own name in the same shape is not.
describe('the robot addressed by its name', () => {
  it.each([
    ['Hello Nadine, I\'m looking for the lift.', 'en'],
    ['Bonjour, Nadine, je cherche les toilettes.', 'fr'],
    ['Hallo Nadine, ich suche den Aufzug.', 'de'],
    ['Hola, Nadine, vengo por el paquete.', 'es'],
  ])('%s gives no name', (text, language) => {
    expect(read(text, language)).toBeNull();
    expect(statesOwnName(text, language, 'Nadine')).toBe(false);
  });

  it.each([
    ['Hello Nadine, I\'m Owen.', 'en', 'Owen'],
    ['Bonjour Nadine, moi c\'est Luc.', 'fr', 'Luc'],
    ['Hallo Nadine, ich bin Jens.', 'de', 'Jens'],
    ['Hola, Nadine, soy Pedro.', 'es', 'Pedro'],
  ])('%s gives the person\'s name after it', (text, language, name) => {
    expect(read(text, language)).toBe(name);
  });

  // The name said first after the greeting and the robot's name, as after a greeting alone.
  it.each([
    ['Hi Nadine, Oscar here, from the marketing team.', 'en', 'Oscar'],
    ['Hello Nadine, Ravi Patel, I am here to see Mr Jones.', 'en', 'Ravi Patel'],
    ['Hallo Nadine, Meyer hier.', 'de', 'Meyer'],
    ['Hi Nadine! Priya Raman, nice to meet you.', 'en', 'Priya Raman'],
    ['Hello Nadine, Tom sent me.', 'en', null],
    ['Hallo Nadine, Herr Weber erwartet mich.', 'de', null],
  ])('%s gives the name said first after it', (text, language, name) => {
    expect(read(text, language)).toBe(name);
  });
});
