import type { Concepts, Lexicon } from './types.js';

/** French words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['vivant', 'vivante', 'vrai', 'vraie', 'robot', 'machine', 'humanoïde', 'personne', 'humain', 'humaine', 'androïde', 'automate', 'droïde', 'réel', 'réelle', 'vraie', 'costume', 'déguisé', 'déguisée'],
  name: ['nom', 'prénom', 'appelle', 'appelles', 'appeler', 'présenter', 'présente', 'surnom', 'trompé', 'trompée', 'confondu', 'confonds', 'épeler'],
  feel: ['moral', 'insulte', 'insulter', 'vexe', 'vexée', 'vexer', 'offense', 'ressentir', 'ressens', 'sentiment', 'sentiments', 'émotion', 'émotions', 'humeur', 'triste', 'heureuse', 'heureux', 'fâchée', 'fâcher', 'colère', 'contrarie', 'dérange', 'méchants', 'méchant', 'impolitesse', 'impoli', 'impolie', 'blesse', 'blesser', 'blessée', 'joyeuse', 'joie', 'énerve', 'énerver', 'énervée', 'agace', 'agacer', 'ennuies', 'ennui', 'pleurer', 'sourire', 'grossier', 'grossière', 'injures', 'moral', 'rire', 'méchancetés', 'méchanceté', 'vexé', 'blessé', 'ronchon', 'grognon', 'râleur', 'chagrin', 'cafard', 'déprime', 'fâché'],
  build: ['logiciel', 'code', 'construire', 'construite', 'constructeurs', 'fabriquée', 'fabriqué', 'fabriquer', 'créée', 'créé', 'créateur', 'programmé', 'programmée', 'entreprise', 'société', 'développé', 'développée', 'conçu', 'conçue', 'propriétaire', 'inventé', 'inventeur', 'ingénieurs', 'assemblé', 'assemblée', 'origine', 'licence', 'labo', 'laboratoire', 'université', 'fabricant', 'conçoit', 'télécharger', 'installer', 'startup'],
  data: ['données', 'informations', 'infos', 'profil', 'enregistres', 'enregistre', 'enregistrement', 'garde', 'gardés', 'gardes', 'souvenirs', 'stockées', 'stockés', 'stocker', 'photo', 'photos', 'notes', 'fichier', 'dossier', 'filmes', 'filmer', 'vidéo', 'vidéos', 'collectes', 'collecter', 'conserves', 'conserver', 'fiches', 'espionner', 'confidentialité', 'retiens', 'noter', 'notée', 'photographier', 'photographies', 'surveilles', 'surveiller', 'caméras'],
  remember: ['souviens', 'souvenir', 'retiens', 'retenir', 'reconnaître', 'reconnaîtras', 'reconnais', 'visage', 'visages', 'mémoire', 'mémoriser'],
  return: ['revenir', 'reviens', 'reviendrai', 'revient', 'repasser', 'repasse', 'prochaine', 'retour', 'repasserai', 'reviendras', 'habitués', 'habitué'],
  forget: ['oublier', 'oublies', 'oublie', 'supprimer', 'supprime', 'effacer', 'effaces', 'efface', 'retirer', 'supprimes', 'suppression', 'désinscrire'],
  online: ['internet', 'connectée', 'connecté', 'nuage', 'serveur', 'wifi', 'réseau', 'cloud', 'envoies', 'envoyer', 'envoyées', 'envoyé', 'envoyés', 'transmis', 'transmettre', 'partagées', 'partager', 'partages', 'extérieur'],
  computer: ['ordinateur', 'local', 'localement', 'appareil'],
  mind: ['réfléchis', 'réfléchir', 'fonctionnes', 'fonctionner', 'esprit', 'cerveau', 'penses', 'penser', 'programme', 'intelligence', 'IA', 'artificielle', 'chatbot', 'contrôlé', 'contrôlée', 'pilote', 'piloter', 'pilotée', 'piloté', 'télécommandé', 'télécommandée', 'tête', 'algorithme', 'comprends', 'intelligente', 'conscience', 'circuits', 'électronique', 'télécommande'],
  language: ['langue', 'langues', 'anglais', 'allemand', 'français', 'espagnol', 'chinois', 'mandarin', 'multilingue', 'italien', 'japonais', 'russe', 'arabe', 'traduire', 'étrangère', 'polyglotte', 'bilingue', 'langages'],
  switch: ['changer', 'passer', 'continuer', 'poursuivre', 'continuons', 'plutôt'],
  see: ['voir', 'vois', 'regarder', 'regardes', 'caméra', 'yeux', 'vêtements', 'chemise', 'tiens', 'décrire', 'couleur', 'lunettes', 'aveugle', 'observer', 'pullover', 'veste', 'manteau', 'chaussures', 'chapeau', 'écharpe'],
  move: ['marcher', 'déplacer', 'bouger', 'promener', 'apporter', 'accompagner', 'emmener', 'ramasser', 'porter', 'guider', 'conduire', 'montrer', 'chemin', 'bouges', 'jambes', 'roues', 'emmènes'],
  pay: ['payer', 'paiement', 'paiements', 'carte', 'cartes', 'argent', 'bancaire', 'espèces', 'facture', 'reçu', 'prix', 'CB', 'régler', 'liquide', 'addition'],
  interrupt: ['interrompre', 'couper', 'taire', 'tais', 'arrête', 'arrêter', 'silence', 'coupe', 'parole', 'pause', 'assez', 'interromps', 'interrompe', 'interrompt', 'chut'],
  leave: ['revoir', 'partir', 'pars', 'partent', 'quitter', 'quitte', 'adieu', 'départ', 'bye', 'ciao', 'tchao', 'tchô', 'salutations', 'bisous'],
  talk: ['parler', 'parles', 'discuter', 'conversation', 'bavarder', 'causer', 'échanger', 'dialoguer', 'communiquer'],
  hear: ['entends', 'entendre', 'crier', 'fort', 'micro', 'écoutes', 'écouter', 'oreilles', 'voix'],
  phone: ['téléphoner', 'téléphone', 'appels', 'téléphoniques', 'appel', 'portable'],
  stand: ['place', 'placer', 'mettre', 'devant', 'près', 'proche', 'loin', 'rapprocher', 'approcher'],
  job: ['métier', 'travail', 'réception', 'réceptionniste', 'rôle', 'boulot', 'emploi', 'poste', 'travailles', 'travailler', 'hôtesse', 'accueil'],
  ability: ['capable', 'aider', 'sers', 'servir', 'utile', 'douée', 'compétences', 'capacités', 'talents', 'fonctions', 'services', 'proposes', 'offres'],
  question: ['question', 'questions', 'demander', 'interroger', 'répondre', 'réponse', 'réponses', 'sujets', 'deviner', 'inventes', 'inventer', 'mentir', 'mens', 'mensonge', 'connaissances', 'imagines'],
  greet: ['saluer', 'salues', 'accueillir', 'accueilles', 'bienvenue'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['excusez', 'pardon', 'désolé', 'désolée', 'merci', 'euh', 'bon', 'ben', 'bah', 'hein', 'bref', 'ouais', 'voilà', 'ok', 'passe', 'arrive', 'chose', 'choses', 'genre', 'truc', 'quelqu', 'bonjour', 'coucou', 'dis', "aujourd'hui", 'hui', 'cest', 'jai'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['robot', 'je', 'j', 'me', 'm', 'moi', 'mon', 'ma', 'mes', 'tu', 'te', 't', 'toi', 'ton', 'ta', 'tes', 'vous', 'votre', 'vos', 'nous', 'notre', 'nos'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("stockées" is "stocké", "gardent" "garde"). */
const suffixes = ['es', 's', 'e', 'ent', 'ez', 'ons'];

/** A generic subject: "On peut …?", "Faut-il …?", "Est-il possible de …?". */
const generic = ['on', 'faut', 'possible'];

/** Word groups that mean a concept together and none alone (see Lexicon.phrases): a visitor's own words for what a section says. */
const phrases: Lexicon['phrases'] = {
  pay: ['par cb', 'en cb', 'par carte', 'sans contact', 'en liquide', 'en espèces', 'régler par', 'je vous dois', 'je te dois', "l'addition"],
  leave: ["j'y vais", "je m'en vais", 'je me casse', 'je file', 'à plus', 'à bientôt', 'à la prochaine', 'bonne journée', 'bonne soirée', 'je dois partir', 'je dois y aller', 'je pars', 'ciao', 'tchao'],
  interrupt: ['couper la parole', 'la ferme', 'te taire', 'vous taire', 'tais-toi', 'une seconde', 'deux secondes', 'interromps', 'interrompt', 'interrompe'],
  move: ['emmène-moi', 'montre-moi le chemin', 'viens avec moi', 'me conduire', "m'accompagner", "m'emmener"],
  feel: ['mauvaise humeur', 'bonne humeur', 'fait quelque chose', 'des méchancetés', 'tu vas bien', 'à cran'],
  return: ['la prochaine fois', 'je repasse', 'je reviens', 'repasse demain', 'une autre fois'],
  phone: ['passer un coup de fil', 'coup de fil'],
  name: ['pas mon prénom', 'pas mon nom', "c'est pas moi", "ce n'est pas moi", "quelqu'un d'autre", 'mal compris mon'],
  data: ['retiens de moi', 'sais de moi', 'tu notes', 'prends des notes'],
  online: ['partent ailleurs', 'ailleurs', "à l'extérieur", 'restent ici', "sortent d'ici"],
  mind: ['te fait parler', 'dans ta tête', 'qui te pilote', 'là-dedans', 'comment tu marches'],
  build: ['qui est derrière', "qui t'a fait", "tu viens d'où", "tu sors d'où"],
  ability: ['faire quoi', 'à quoi tu sers', 'un coup de main', 'donner un coup de main', 'rendre service'],
  question: ['sais pas', 'connais pas', 'aucune idée', 'tu inventes', 'pas sûr'],
  hear: ['plus fort', 'parler fort', "tu m'entends"],
};

/** Word groups that frame a question (courtesy, hesitation, an indirect question): no content words (see Lexicon.framePhrases). */
const framePhrases = ['excusez-moi', 'excuse-moi', 'je me demandais', 'je voulais savoir', 'dis-moi', 'dites-moi', 'au fait', 'une question', 'par curiosité'];

export const FR: Lexicon = { concepts, phrases, framePhrases, frames, persons, generic, suffixes };
