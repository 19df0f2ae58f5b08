import type { Concepts, Lexicon } from './types.js';

/** German words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['lebendig', 'lebst', 'Roboter', 'Maschine', 'Mensch', 'humanoider', 'humanoid', 'Android', 'Person', 'echt', 'echter', 'echte'],
  name: ['Name', 'Namen', 'heiße', 'heißt', 'heißen', 'nennen', 'nenn', 'vorstellen', 'Vorname', 'Spitzname'],
  feel: ['beschimpfen', 'beschimpft', 'Beleidigung', 'beleidigt', 'beleidigen', 'fühlen', 'fühlst', 'Gefühl', 'Gefühle', 'Emotion', 'Emotionen', 'Stimmung', 'Laune', 'gelaunt', 'traurig', 'glücklich', 'wütend', 'verärgert', 'ärgern', 'ärgert', 'stört', 'stören', 'gemein', 'Unhöflichkeit', 'unhöflich', 'unfreundlich', 'einsam', 'sauer', 'gekränkt', 'kränkt', 'froh'],
  build: ['Software', 'Code', 'Quellcode', 'quelloffen', 'bauen', 'gebaut', 'Roboterbauer', 'gemacht', 'erschaffen', 'entwickelt', 'Entwickler', 'programmiert', 'Programmierer', 'Firma', 'Unternehmen', 'Hersteller', 'hergestellt', 'steckt', 'entworfen', 'Besitzer', 'gehörst'],
  data: ['Daten', 'Informationen', 'Infos', 'Angaben', 'persönlichen', 'Profil', 'speicherst', 'speichern', 'gespeichert', 'aufbewahrt', 'Erinnerungen', 'Aufnahmen', 'aufgezeichnet', 'aufzeichnen', 'Notizen', 'Foto', 'Fotos', 'Akte', 'Dossier'],
  remember: ['erinnern', 'erinnerst', 'merken', 'merkst', 'merke', 'gemerkt', 'wiedererkennen', 'erkennst', 'Gesicht', 'Gesichter'],
  return: ['wiederkommen', 'wiederkomme', 'zurückkommen', 'zurückkomme', 'willkommen'],
  forget: ['vergiss', 'vergessen', 'vergisst', 'tilgen', 'löschen', 'löschst', 'lösch', 'lösche', 'gelöscht', 'entfernen', 'entferne'],
  online: ['Internet', 'online', 'offline', 'WLAN', 'verbunden', 'Verbindung', 'Cloud', 'Server', 'hochgeladen', 'hochladen', 'Netz', 'ferngesteuert'],
  computer: ['Computer', 'Rechner', 'lokal', 'lokales', 'Gerät', 'Hardware'],
  mind: ['funktionierst', 'funktionieren', 'Verstand', 'Gehirn', 'Hirn', 'denkst', 'denken', 'Programm', 'Intelligenz', 'künstliche', 'KI', 'Sprachmodell', 'Chatbot', 'gesteuert', 'steuert'],
  language: ['Sprache', 'Sprachen', 'Englisch', 'Deutsch', 'Französisch', 'Spanisch', 'Chinesisch', 'Mandarin', 'mehrsprachig'],
  switch: ['wechseln', 'wechsle', 'umschalten', 'umstellen', 'weitermachen'],
  see: ['sehen', 'siehst', 'schauen', 'Kamera', 'Augen', 'Kleidung', 'Hemd'],
  move: ['laufen', 'herumlaufen', 'spazieren', 'herumgehen', 'bewegen', 'bringen', 'hinbringen', 'tragen', 'begleiten', 'aufheben', 'holen'],
  pay: ['zahlen', 'zahle', 'bezahle', 'bezahlen', 'Kartenzahlung', 'Zahlung', 'Zahlungen', 'Kreditkarte', 'Kreditkarten', 'Geld', 'Bargeld', 'Karte'],
  interrupt: ['unterbrechen', 'unterbreche', 'Wort', 'aufhören', 'Schweigen', 'schweigen', 'Klappe', 'stoppen'],
  leave: ['verabschieden', 'verabschiede', 'Wiedersehen', 'tschüss', 'weggehe', 'weggehen', 'Abschied'],
  talk: ['sprechen', 'sprichst', 'reden', 'rede', 'unterhalten', 'unterhalte', 'Gespräch', 'plaudern'],
  hear: ['hören', 'hörst', 'laut', 'lauter', 'schreien', 'Mikrofon'],
  phone: ['telefonieren', 'anrufen', 'Telefon', 'Anruf'],
  stand: ['stehen', 'stell', 'stellen', 'Abstand', 'nah', 'nahe', 'näher', 'Entfernung'],
  job: ['Job', 'Beruf', 'Aufgabe', 'Empfang', 'Empfangsdame', 'Rezeption', 'Rezeptionistin'],
  ability: ['fähig', 'Fähigkeiten', 'helfen', 'nützlich', 'unterstützen', 'Zweck'],
  question: ['Frage', 'Fragen', 'fragen', 'ausfragen', 'antworten', 'Antwort', 'Antworten', 'Thema', 'Themen', 'raten', 'rätst', 'erfinden', 'erfindest', 'lügen', 'lügst', 'schwindeln'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['passiert', 'passieren', 'Ding', 'Dinge', 'Art', 'irgendwas', 'jemand', 'jemandem', 'hallo', 'hi', 'hey', 'sag', 'sagen'];

/** Separable verb particles: "hinstellen" is "stellen", "herumlaufen" is "laufen" (the particle is cut when the rest is a thesaurus word). */
const particles = ['herum', 'zurück', 'wieder', 'hin', 'her', 'auf', 'an', 'ab', 'aus', 'mit', 'zu', 'vor', 'weg', 'ein', 'nach'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['Roboter', 'ich', 'mich', 'mir', 'mein', 'meine', 'meinen', 'meinem', 'meiner', 'meines', 'du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines', 'wir', 'uns', 'unser', 'unsere', 'sie', 'ihnen', 'ihr', 'ihre', 'ihren'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("speicherst" is "speichern"'s "speicher", "Fragen" "Frage"). */
const suffixes = ['en', 'st', 'est', 'et', 't', 'e', 'n', 'es', 's'];

export const DE: Lexicon = { concepts, frames, persons, suffixes, particles };
