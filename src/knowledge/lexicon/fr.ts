import type { Concepts, Lexicon } from './types.js';

/** French words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['vivant', 'vivante', 'robot', 'machine', 'humanoïde', 'personne', 'humain', 'humaine', 'androïde', 'automate', 'droïde', 'réel', 'réelle'],
  name: ['nom', 'prénom', 'appelle', 'appelles', 'appeler', 'présenter', 'présente', 'surnom', 'trompé', 'trompée', 'confondu', 'confonds', 'épeler'],
  feel: ['moral', 'insulte', 'insulter', 'vexe', 'vexée', 'vexer', 'offense', 'ressentir', 'ressens', 'sentiment', 'sentiments', 'émotion', 'émotions', 'humeur', 'triste', 'heureuse', 'heureux', 'fâchée', 'fâcher', 'colère', 'contrarie', 'dérange', 'méchants', 'méchant', 'impolitesse', 'impoli', 'impolie', 'blesse', 'blesser', 'blessée', 'joyeuse', 'joie', 'énerve', 'énerver', 'énervée', 'agace', 'agacer', 'ennuies', 'ennui', 'pleurer', 'sourire', 'grossier', 'grossière', 'injures', 'moral', 'rire'],
  build: ['logiciel', 'code', 'construire', 'construite', 'constructeurs', 'fabriquée', 'fabriqué', 'fabriquer', 'créée', 'créé', 'créateur', 'programmé', 'programmée', 'entreprise', 'société', 'développé', 'développée', 'conçu', 'conçue', 'propriétaire', 'inventé', 'inventeur', 'ingénieurs', 'assemblé', 'assemblée', 'origine', 'licence'],
  data: ['données', 'informations', 'infos', 'profil', 'enregistres', 'enregistre', 'enregistrement', 'garde', 'gardés', 'gardes', 'souvenirs', 'stockées', 'stockés', 'stocker', 'photo', 'photos', 'notes', 'fichier', 'dossier', 'filmes', 'filmer', 'vidéo', 'vidéos', 'collectes', 'collecter', 'conserves', 'conserver', 'fiches', 'espionner', 'confidentialité'],
  remember: ['souviens', 'souvenir', 'retiens', 'retenir', 'reconnaître', 'reconnaîtras', 'reconnais', 'visage', 'visages', 'mémoire', 'mémoriser'],
  return: ['revenir', 'reviens', 'reviendrai', 'revient', 'repasser', 'repasse', 'prochaine', 'retour'],
  forget: ['oublier', 'oublies', 'oublie', 'supprimer', 'supprime', 'effacer', 'effaces', 'efface', 'retirer', 'supprimes', 'suppression', 'désinscrire'],
  online: ['internet', 'connectée', 'connecté', 'nuage', 'serveur', 'wifi', 'réseau', 'cloud', 'envoies', 'envoyer', 'envoyées', 'envoyé', 'envoyés', 'transmis', 'transmettre', 'partagées', 'partager', 'partages', 'extérieur'],
  computer: ['ordinateur', 'local', 'localement', 'appareil'],
  mind: ['réfléchis', 'réfléchir', 'fonctionnes', 'fonctionner', 'esprit', 'cerveau', 'penses', 'penser', 'programme', 'intelligence', 'IA', 'artificielle', 'chatbot', 'contrôlé', 'contrôlée', 'pilote', 'piloter', 'pilotée', 'piloté', 'télécommandé', 'télécommandée', 'tête', 'algorithme', 'comprends', 'intelligente', 'conscience'],
  language: ['langue', 'langues', 'anglais', 'allemand', 'français', 'espagnol', 'chinois', 'mandarin', 'multilingue', 'italien', 'japonais', 'russe', 'arabe', 'traduire', 'étrangère'],
  switch: ['changer', 'passer', 'continuer', 'poursuivre', 'continuons', 'plutôt'],
  see: ['voir', 'vois', 'regarder', 'regardes', 'caméra', 'yeux', 'vêtements', 'chemise', 'tiens', 'décrire', 'couleur', 'lunettes', 'aveugle', 'observer', 'pullover', 'veste', 'manteau', 'chaussures', 'chapeau', 'écharpe'],
  move: ['marcher', 'déplacer', 'bouger', 'promener', 'apporter', 'accompagner', 'emmener', 'ramasser', 'porter', 'guider', 'conduire', 'montrer', 'chemin', 'bouges', 'jambes', 'roues'],
  pay: ['payer', 'paiement', 'paiements', 'carte', 'cartes', 'argent', 'bancaire', 'espèces', 'facture', 'reçu', 'prix'],
  interrupt: ['interrompre', 'couper', 'taire', 'tais', 'arrête', 'arrêter', 'silence', 'coupe', 'parole', 'pause', 'assez'],
  leave: ['revoir', 'partir', 'pars', 'partent', 'quitter', 'quitte', 'adieu', 'départ'],
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
const frames = ['passe', 'arrive', 'chose', 'choses', 'genre', 'truc', 'quelqu', 'bonjour', 'salut', 'coucou', 'dis', "aujourd'hui", 'hui', 'cest', 'jai'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['robot', 'je', 'j', 'me', 'm', 'moi', 'mon', 'ma', 'mes', 'tu', 'te', 't', 'toi', 'ton', 'ta', 'tes', 'vous', 'votre', 'vos', 'nous', 'notre', 'nos'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("stockées" is "stocké", "gardent" "garde"). */
const suffixes = ['es', 's', 'e', 'ent', 'ez', 'ons'];

/** A generic subject: "On peut …?", "Faut-il …?", "Est-il possible de …?". */
const generic = ['on', 'faut', 'possible'];

export const FR: Lexicon = { concepts, frames, persons, generic, suffixes };
