import type { Concepts, Lexicon } from './types.js';

/** English words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['alive', 'living', 'robot', 'robots', 'machine', 'android', 'humanoid', 'human', 'person', 'cyborg', 'automaton', 'bot'],
  name: ['name', 'named', 'called', 'introduce', 'introduction', 'nickname'],
  feel: ['insult', 'insulted', 'insults', 'offend', 'offended', 'feel', 'feeling', 'feelings', 'emotion', 'emotions', 'emotional', 'mood', 'moods', 'sad', 'sadness', 'happy', 'happiness', 'angry', 'anger', 'upset', 'bother', 'bothers', 'rude', 'rudeness', 'impolite', 'hurt', 'lonely', 'bored', 'annoyed', 'annoy', 'cheerful'],
  build: ['software', 'code', 'source', 'build', 'built', 'builder', 'builders', 'made', 'maker', 'makers', 'create', 'created', 'creator', 'creators', 'develop', 'developed', 'developer', 'developers', 'company', 'manufacturer', 'manufactured', 'programmed', 'programmer', 'programmers', 'designed', 'designer', 'owner', 'owners', 'owns', 'open-source'],
  data: ['data', 'information', 'info', 'details', 'personal', 'profile', 'store', 'stored', 'storing', 'save', 'saved', 'keep', 'kept', 'memories', 'memory', 'record', 'recorded', 'recording', 'recordings', 'notes', 'photo', 'photos', 'picture', 'pictures', 'file', 'files', 'dossier'],
  remember: ['remember', 'remembers', 'recall', 'forgotten', 'recognise', 'recognize', 'recognised', 'recognized', 'recognition', 'face', 'faces', 'memorise', 'memorize'],
  return: ['return', 'returning', 'visit', 'revisit', 'back', 'welcome'],
  forget: ['forget', 'forgets', 'delete', 'deleted', 'deletion', 'erase', 'erased', 'remove', 'removed', 'wipe', 'wiped', 'purge'],
  online: ['internet', 'online', 'offline', 'wifi', 'wi-fi', 'connected', 'connection', 'cloud', 'server', 'servers', 'upload', 'uploaded', 'web', 'remote', 'remotely', 'network'],
  computer: ['computer', 'device', 'locally', 'local', 'hardware', 'processor'],
  mind: ['mind', 'brain', 'think', 'thinking', 'thoughts', 'program', 'intelligence', 'intelligent', 'ai', 'artificial', 'model', 'chatbot', 'chatgpt', 'gpt', 'llm', 'controlled', 'controlling', 'operator', 'puppet'],
  language: ['language', 'languages', 'english', 'german', 'french', 'spanish', 'chinese', 'mandarin', 'multilingual', 'bilingual'],
  switch: ['switch', 'change', 'continue', 'swap'],
  see: ['see', 'sees', 'seeing', 'look', 'looking', 'camera', 'eye', 'eyes', 'watch', 'watching', 'vision', 'holding', 'wearing', 'outfit', 'shirt', 'clothes'],
  move: ['walk', 'walking', 'move', 'moving', 'bring', 'carry', 'pick', 'accompany', 'guide', 'escort', 'fetch', 'follow'],
  pay: ['pay', 'paying', 'payment', 'payments', 'card', 'cards', 'credit', 'debit', 'money', 'cash', 'cashier'],
  interrupt: ['cut', 'interrupt', 'interrupting', 'interruption', 'stop', 'quiet', 'shut', 'silence', 'silent', 'pause'],
  leave: ['goodbye', 'bye', 'farewell', 'depart'],
  talk: ['talk', 'talking', 'speak', 'speaking', 'conversation', 'chat', 'chatting', 'converse'],
  hear: ['hear', 'hearing', 'loud', 'loudly', 'louder', 'shout', 'volume', 'microphone'],
  phone: ['phone', 'phones', 'calls', 'telephone', 'dial'],
  stand: ['stand', 'standing', 'front', 'position', 'closer', 'near', 'nearer', 'distance'],
  job: ['job', 'jobs', 'receptionist', 'reception', 'desk', 'role', 'duties', 'occupation', 'profession'],
  ability: ['capable', 'able', 'abilities', 'ability', 'capabilities', 'help', 'good', 'useful', 'purpose', 'skills', 'skill', 'assist', 'assistance', 'features', 'services'],
  question: ['question', 'questions', 'ask', 'answer', 'answers', 'topic', 'topics', 'guess', 'invent', 'unsure', 'lie', 'lies', 'lying', 'hallucinate'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['happen', 'happens', 'happened', 'happening', 'thing', 'things', 'kind', 'sort', 'type', 'way', 'someone', 'somebody', 'anyone', 'anybody', 'hi', 'hello', 'hey', 'tell', 'wondering', 'wonder', 'curious'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['i', 'me', 'my', 'mine', 'myself', 'you', 'your', 'yours', 'yourself', 'u', 'ur', 'ya', 'robot', 'we', 'us', 'our', "let's"];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("keeping" is "keep", "remotely" "remote", "saving" "save"). */
const suffixes = ['ing', 'ed', 'es', 's', 'ly'];

/** Words that only look inflected: a building is not what "build" asks about. */
const uninflected = ['building', 'buildings', 'meeting', 'meetings', 'parking', 'evening', 'morning', 'ceiling', 'shopping', 'clothing', 'painting', 'wedding', 'cloudy', 'series', 'news'];

export const EN: Lexicon = { concepts, frames, persons, suffixes, uninflected };
