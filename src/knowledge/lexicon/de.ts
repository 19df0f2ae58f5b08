import type { Concepts, Lexicon } from './types.js';

/** German words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['lebendig', 'lebst', 'Roboter', 'Maschine', 'Mensch', 'humanoider', 'humanoid', 'Android', 'Person', 'echt', 'echter', 'echte', 'Fleisch', 'Blut', 'Lebewesen', 'Automat', 'Droide'],
  name: ['Name', 'Namen', 'heiße', 'heißt', 'heißen', 'nennen', 'nenn', 'vorstellen', 'Vorname', 'Spitzname', 'verwechselt', 'verwechseln', 'buchstabieren', 'Nachname'],
  feel: ['drauf', 'beschimpfen', 'beschimpft', 'Beleidigung', 'beleidigt', 'beleidigen', 'fühlen', 'fühlst', 'Gefühl', 'Gefühle', 'Emotion', 'Emotionen', 'Stimmung', 'Laune', 'gelaunt', 'traurig', 'glücklich', 'wütend', 'verärgert', 'ärgern', 'ärgert', 'stört', 'stören', 'gemein', 'Unhöflichkeit', 'unhöflich', 'unfreundlich', 'einsam', 'sauer', 'gekränkt', 'kränkt', 'froh', 'verletzt', 'verletzen', 'kränken', 'weh', 'Schmerz', 'fröhlich', 'beleidigend', 'frech', 'böse', 'fies', 'Freude', 'Angst', 'langweilig', 'Langeweile', 'lachen', 'lächeln', 'mies', 'genervt', 'nervt', 'nerven', 'zickig', 'grantig', 'grummelig', 'muffig', 'bedrückt'],
  build: ['Software', 'Code', 'Quellcode', 'quelloffen', 'bauen', 'gebaut', 'Roboterbauer', 'gemacht', 'erschaffen', 'entwickelt', 'Entwickler', 'programmiert', 'Programmierer', 'Firma', 'Unternehmen', 'Hersteller', 'hergestellt', 'steckt', 'entworfen', 'Besitzer', 'gehörst', 'Erfinder', 'erfunden', 'zusammengebaut', 'konstruiert', 'Konstrukteur', 'Team', 'Herkunft', 'Lizenz', 'stammst', 'stammen', 'stamme', 'Labor', 'Uni', 'Universität', 'Institut', 'Startup', 'herunterladen', 'runterladen', 'installieren'],
  data: ['Daten', 'Informationen', 'Infos', 'Angaben', 'persönlichen', 'Profil', 'speicherst', 'speichern', 'gespeichert', 'aufbewahrt', 'Erinnerungen', 'Aufnahmen', 'aufgezeichnet', 'aufzeichnen', 'Notizen', 'Foto', 'Fotos', 'Akte', 'Dossier', 'filmst', 'filmen', 'Video', 'Videos', 'aufnehmen', 'nimmst', 'Aufnahme', 'sammeln', 'sammelst', 'gesammelt', 'Datenschutz', 'abspeichern', 'abgespeichert', 'aufschreiben', 'notieren', 'notierst', 'Überwachung', 'überwachst', 'knipsen', 'knipst'],
  remember: ['erinnern', 'erinnerst', 'merken', 'merkst', 'merke', 'gemerkt', 'wiedererkennen', 'erkennst', 'Gesicht', 'Gesichter', 'Gedächtnis', 'wiedererkennst', 'erkennen', 'erkannt', 'kennst'],
  return: ['wiederkommen', 'wiederkomme', 'zurückkommen', 'zurückkomme', 'willkommen', 'vorbeikomme', 'vorbeikommen', 'Stammgast', 'Stammgäste', 'Stammgästen', 'Stammkunde', 'Stammkunden'],
  forget: ['vergiss', 'vergessen', 'vergisst', 'tilgen', 'löschen', 'löschst', 'lösch', 'lösche', 'gelöscht', 'entfernen', 'entferne', 'Löschung', 'vernichten', 'austragen'],
  online: ['Internet', 'online', 'offline', 'WLAN', 'verbunden', 'Verbindung', 'Cloud', 'Server', 'hochgeladen', 'hochladen', 'Netz', 'ferngesteuert', 'geschickt', 'schickst', 'schicken', 'gesendet', 'sendest', 'senden', 'übertragen', 'übermittelt', 'weitergegeben', 'weitergeben', 'teilst', 'extern', 'irgendwohin'],
  computer: ['Computer', 'Rechner', 'lokal', 'lokales', 'Gerät', 'Hardware'],
  mind: ['funktionierst', 'funktionieren', 'Verstand', 'Gehirn', 'Hirn', 'denkst', 'denken', 'Programm', 'Intelligenz', 'künstliche', 'KI', 'Sprachmodell', 'Chatbot', 'gesteuert', 'steuert', 'Kopf', 'Algorithmus', 'bedient', 'bedienen', 'lenkt', 'fernsteuern', 'Bewusstsein', 'klug', 'schlau', 'Drähte', 'Kabel', 'Elektronik', 'Schaltkreise', 'ferngelenkt', 'drin'],
  language: ['Sprache', 'Sprachen', 'Englisch', 'Deutsch', 'Französisch', 'Spanisch', 'Chinesisch', 'Mandarin', 'mehrsprachig', 'Italienisch', 'Japanisch', 'Russisch', 'Fremdsprache', 'Fremdsprachen', 'übersetzen', 'Muttersprache', 'polyglott', 'Sprachkenntnisse'],
  switch: ['wechseln', 'wechsle', 'umschalten', 'umstellen', 'weitermachen', 'fortfahren', 'weitersprechen'],
  see: ['sehen', 'siehst', 'schauen', 'Kamera', 'Augen', 'Kleidung', 'Hemd', 'beschreiben', 'Farbe', 'Brille', 'blind', 'gucken', 'guckst', 'hältst', 'anhabe', 'Pullover', 'Jacke', 'Hose', 'Schuhe', 'Mantel', 'Mütze'],
  move: ['laufen', 'herumlaufen', 'spazieren', 'herumgehen', 'bewegen', 'bringen', 'hinbringen', 'tragen', 'begleiten', 'begleitest', 'aufheben', 'holen', 'führen', 'Weg', 'mitkommen', 'Beine', 'Räder'],
  pay: ['zahlen', 'zahle', 'bezahle', 'bezahlen', 'Kartenzahlung', 'Zahlung', 'Zahlungen', 'Kreditkarte', 'Kreditkarten', 'Geld', 'Bargeld', 'Karte', 'Rechnung', 'Quittung', 'kontaktlos', 'Preis', 'EC', 'Girokarte', 'Bankkarte', 'blechen', 'kassieren', 'Kasse', 'Trinkgeld'],
  interrupt: ['unterbrechen', 'unterbreche', 'aufhören', 'Schweigen', 'schweigen', 'Klappe', 'stoppen', 'dazwischenreden', 'reinreden', 'Unterbrechung', 'Ruhe', 'Pause', 'anhalten', 'genug', 'unterbrech'],
  leave: ['verabschieden', 'verabschiede', 'Wiedersehen', 'tschüss', 'weggehe', 'weggehen', 'Abschied', 'verlasse', 'verlassen', 'tschau', 'ciao', 'tschö', 'tschüssi', 'servus', 'ade', 'pfiat', 'baba'],
  talk: ['sprechen', 'sprichst', 'reden', 'rede', 'unterhalten', 'unterhalte', 'Gespräch', 'plaudern', 'quatschen', 'Unterhaltung', 'kommunizieren'],
  hear: ['hören', 'hörst', 'laut', 'lauter', 'schreien', 'Mikrofon', 'Ohren', 'zuhören', 'leise', 'deutlich'],
  phone: ['telefonieren', 'anrufen', 'Telefon', 'Anruf', 'telefonierst', 'Handy', 'rufst', 'rufen', 'ruf'],
  stand: ['stehen', 'stell', 'stellen', 'Abstand', 'nah', 'nahe', 'näher', 'Entfernung', 'Nähe'],
  job: ['Job', 'Beruf', 'Aufgabe', 'Empfang', 'Empfangsdame', 'Rezeption', 'Rezeptionistin', 'Arbeit', 'arbeitest', 'Rolle', 'Angestellte', 'Mitarbeiterin'],
  ability: ['fähig', 'Fähigkeiten', 'helfen', 'nützlich', 'unterstützen', 'Zweck', 'Funktionen', 'Aufgaben', 'taugst', 'wofür', 'wozu', 'Nutzen', 'anbieten', 'bietest', 'Dienste', 'Leistungen'],
  question: ['Frage', 'Fragen', 'fragen', 'ausfragen', 'antworten', 'Antwort', 'Antworten', 'Thema', 'Themen', 'raten', 'rätst', 'erfinden', 'erfindest', 'lügen', 'lügst', 'schwindeln', 'ausdenken', 'ausgedacht', 'Ahnung', 'Wissen'],
  greet: ['begrüßen', 'begrüßt', 'grüßen', 'grüßt', 'Begrüßung', 'winken', 'winkst'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['entschuldigung', 'entschuldige', 'sorry', 'verzeihung', 'danke', 'äh', 'ähm', 'naja', 'nee', 'ok', 'okay', 'passiert', 'passieren', 'Ding', 'Dinge', 'Art', 'irgendwas', 'jemand', 'jemandem', 'hallo', 'hi', 'hey', 'sag', 'sagen', 'irgendwie', 'so', 'heute', 'gibts', 'habs'];

/** Separable verb particles: "hinstellen" is "stellen", "herumlaufen" is "laufen" (the particle is cut when the rest is a thesaurus word). */
const particles = ['herum', 'zurück', 'wieder', 'hin', 'her', 'auf', 'an', 'ab', 'aus', 'mit', 'zu', 'vor', 'weg', 'ein', 'nach'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['Roboter', 'ich', 'mich', 'mir', 'mein', 'meine', 'meinen', 'meinem', 'meiner', 'meines', 'du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines', 'wir', 'uns', 'unser', 'unsere', 'sie', 'ihnen', 'ihr', 'ihre', 'ihren'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("speicherst" is "speichern"'s "speicher", "Fragen" "Frage"). */
const suffixes = ['en', 'st', 'est', 'et', 't', 'e', 'n', 'es', 's'];

/** A generic subject: "Kann man …?", "Darf man …?", "Ist es möglich …?". */
const generic = ['man', 'möglich', 'geht'];

/** Word groups that mean a concept together and none alone (see Lexicon.phrases): a visitor's own words for what a section says. */
const phrases: Lexicon['phrases'] = {
  pay: ['mit karte', 'mit der karte', 'ec karte', 'bar zahlen', 'mit bargeld'],
  leave: ['ich muss los', 'muss los', 'bis dann', 'bis später', "mach's gut", 'machs gut', 'ich geh jetzt', 'ich gehe jetzt', 'auf wiedersehen', 'bis bald', 'ich bin weg', 'ich hau ab', 'schönen tag noch'],
  interrupt: ['ins wort', 'zu wort', 'den mund halten', 'sei still', 'halt die klappe', 'hör auf', 'einen moment', 'moment mal', 'dazwischen reden', 'kurz unterbrechen'],
  move: ['bring mich', 'zeig mir den weg', 'komm mit', 'mit mir gehen', 'mitnehmen'],
  feel: ['schlecht drauf', 'gut drauf', 'schlechte laune', 'gute laune', 'was aus', 'nicht nett', 'geht es dir', 'geht es ihnen', 'gehts dir', "geht's dir"],
  return: ['komme wieder', 'wieder vorbei', 'nochmal vorbei', 'noch mal vorbei', 'nächstes mal', 'nächste woche', 'beim nächsten mal'],
  name: ['wie ich heiße', 'verwechselt', 'mit jemand anderem', 'mit jemandem anderen', 'nicht mein name', 'falscher name', 'falschen namen'],
  data: ['schreibst du auf', 'notierst du'],
  online: ['nach außen', 'an dritte', 'weitergeleitet', 'raus ins netz', 'irgendwo hin'],
  mind: ['da drin', 'im kopf', 'wer steuert', 'wie tickst'],
  build: ['wer steckt hinter', 'steckt dahinter', 'stammst du', 'kommst du her'],
  ability: ['was bringst du', 'wofür bist du', 'zu gebrauchen', 'was kannst du', 'behilflich sein'],
  question: ['keine ahnung', 'nicht weißt', 'nicht wissen', 'ausgedacht', 'sicher bist'],
  hear: ['lauter sprechen', 'lauter reden', 'leise rede', 'leise spreche'],
  switch: ['auf englisch', 'auf deutsch', 'auf spanisch', 'auf französisch', 'auf chinesisch', 'andere sprache'],
};

/** Word groups that frame a question (courtesy, hesitation, an indirect question): no content words (see Lexicon.framePhrases). */
const framePhrases = ['sag mal', 'ich wollte fragen', 'ich frage mich', 'kannst du mir sagen', 'mal eine frage', 'eine frage', 'übrigens', 'nur so', 'entschuldigen sie'];

export const DE: Lexicon = { concepts, phrases, framePhrases, frames, persons, generic, suffixes, particles, compounds: true };
