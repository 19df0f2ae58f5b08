import type { Concepts, Lexicon } from './types.js';

/** French words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['vivant', 'vivante', 'robot', 'machine', 'humanoïde', 'personne', 'humain', 'humaine', 'androïde'],
  name: ['nom', 'prénom', 'appelle', 'appelles', 'appeler', 'présenter', 'présente', 'surnom'],
  feel: ['insulte', 'insulter', 'vexe', 'vexée', 'vexer', 'offense', 'ressentir', 'ressens', 'sentiment', 'sentiments', 'émotion', 'émotions', 'humeur', 'triste', 'heureuse', 'heureux', 'fâchée', 'fâcher', 'colère', 'contrarie', 'dérange', 'méchants', 'méchant', 'impolitesse', 'impoli', 'impolie'],
  build: ['logiciel', 'code', 'construire', 'construite', 'constructeurs', 'fabriquée', 'fabriqué', 'fabriquer', 'créée', 'créé', 'créateur', 'programmé', 'programmée', 'entreprise', 'société', 'développé', 'développée', 'conçu', 'conçue', 'propriétaire'],
  data: ['données', 'informations', 'infos', 'profil', 'enregistres', 'enregistre', 'enregistrement', 'garde', 'gardés', 'gardes', 'souvenirs', 'stockées', 'stockés', 'stocker', 'photo', 'photos', 'notes', 'fichier', 'dossier'],
  remember: ['souviens', 'souvenir', 'retiens', 'retenir', 'reconnaître', 'reconnaîtras', 'reconnais', 'visage', 'visages'],
  return: ['revenir', 'reviens', 'reviendrai', 'revient'],
  forget: ['oublier', 'oublies', 'oublie', 'supprimer', 'supprime', 'effacer', 'effaces', 'efface'],
  online: ['internet', 'connectée', 'connecté', 'nuage', 'serveur', 'wifi', 'réseau', 'cloud'],
  computer: ['ordinateur', 'local', 'localement', 'appareil'],
  mind: ['réfléchis', 'réfléchir', 'fonctionnes', 'fonctionner', 'esprit', 'cerveau', 'penses', 'penser', 'programme', 'intelligence', 'IA', 'artificielle', 'chatbot', 'contrôlé', 'contrôlée'],
  language: ['langue', 'langues', 'anglais', 'allemand', 'français', 'espagnol', 'chinois', 'mandarin', 'multilingue'],
  switch: ['changer', 'passer', 'continuer'],
  see: ['voir', 'vois', 'regarder', 'regardes', 'caméra', 'yeux', 'vêtements', 'chemise'],
  move: ['marcher', 'déplacer', 'bouger', 'promener', 'apporter', 'accompagner', 'emmener', 'ramasser', 'porter', 'guider'],
  pay: ['payer', 'paiement', 'paiements', 'carte', 'cartes', 'argent', 'bancaire', 'espèces'],
  interrupt: ['interrompre', 'couper', 'taire', 'tais', 'arrête', 'arrêter', 'silence'],
  leave: ['revoir', 'partir', 'pars', 'partent', 'quitter', 'quitte', 'adieu'],
  talk: ['parler', 'parles', 'discuter', 'conversation', 'bavarder'],
  hear: ['entends', 'entendre', 'crier', 'fort', 'micro'],
  phone: ['téléphoner', 'téléphone', 'appels', 'téléphoniques'],
  stand: ['place', 'placer', 'mettre', 'devant', 'distance', 'près', 'proche', 'loin'],
  job: ['métier', 'travail', 'réception', 'réceptionniste', 'rôle'],
  ability: ['capable', 'aider', 'sers', 'servir', 'utile', 'douée', 'compétences', 'capacités'],
  question: ['question', 'questions', 'demander', 'interroger', 'répondre', 'réponse', 'réponses', 'sujets', 'deviner', 'inventes', 'inventer', 'mentir', 'mens', 'mensonge'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['passe', 'arrive', 'chose', 'choses', 'genre', 'truc', 'quelqu', 'bonjour', 'salut', 'coucou', 'dis'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['robot', 'je', 'j', 'me', 'm', 'moi', 'mon', 'ma', 'mes', 'tu', 'te', 't', 'toi', 'ton', 'ta', 'tes', 'vous', 'votre', 'vos', 'nous', 'notre', 'nos'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("stockées" is "stocké", "gardent" "garde"). */
const suffixes = ['es', 's', 'e', 'ent', 'ez', 'ons'];

export const FR: Lexicon = { concepts, frames, persons, suffixes };
