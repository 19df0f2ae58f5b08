import type { Concepts, Lexicon } from './types.js';

/** English words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['alive', 'living', 'robot', 'robots', 'machine', 'android', 'humanoid', 'human', 'person', 'cyborg', 'automaton', 'bot', 'flesh', 'biological', 'mechanical', 'droid', 'organic', 'real', 'woman', 'lady'],
  name: ['name', 'named', 'called', 'introduce', 'introduction', 'nickname', 'mistaken', 'confuse', 'confused', 'spell', 'spelled', 'spelling', 'pronounce', 'surname'],
  feel: ['insult', 'insulted', 'insults', 'offend', 'offended', 'feel', 'feeling', 'feelings', 'emotion', 'emotions', 'emotional', 'mood', 'moods', 'sad', 'sadness', 'happy', 'happiness', 'angry', 'anger', 'upset', 'bother', 'bothers', 'rude', 'rudeness', 'impolite', 'hurt', 'lonely', 'bored', 'annoyed', 'annoy', 'cheerful', 'spirits', 'glad', 'joy', 'cry', 'crying', 'mad', 'grumpy', 'moody', 'nasty', 'unkind', 'swear', 'swearing', 'offensive', 'yell', 'yelling', 'frustrated', 'smile', 'smiling', 'laugh'],
  build: ['software', 'code', 'source', 'build', 'built', 'builder', 'builders', 'made', 'maker', 'makers', 'create', 'created', 'creator', 'creators', 'develop', 'developed', 'developer', 'developers', 'company', 'manufacturer', 'manufactured', 'programmed', 'programmer', 'programmers', 'designed', 'designer', 'owner', 'owners', 'owns', 'open-source', 'assembled', 'assemble', 'invented', 'inventor', 'engineer', 'engineers', 'engineered', 'manufacture', 'produced', 'producer', 'origin', 'origins', 'github', 'repository', 'license', 'licence', 'team'],
  data: ['data', 'information', 'info', 'details', 'personal', 'profile', 'store', 'stored', 'storing', 'save', 'saved', 'keep', 'kept', 'memories', 'memory', 'record', 'recorded', 'recording', 'recordings', 'notes', 'photo', 'photos', 'picture', 'pictures', 'file', 'files', 'dossier', 'film', 'filming', 'filmed', 'video', 'videos', 'footage', 'collect', 'collected', 'collecting', 'track', 'tracking', 'log', 'logs', 'logged', 'database', 'retain', 'retained', 'archive', 'spy', 'spying', 'surveillance', 'privacy', 'private'],
  remember: ['remember', 'remembers', 'recall', 'forgotten', 'recognise', 'recognize', 'recognised', 'recognized', 'recognition', 'face', 'faces', 'memorise', 'memorize', 'recollect', 'memorised', 'memorized', 'identify', 'identified'],
  return: ['return', 'returning', 'visit', 'revisit', 'back', 'welcome', 'again', 'comeback'],
  forget: ['forget', 'forgets', 'delete', 'deleted', 'deletion', 'erase', 'erased', 'remove', 'removed', 'wipe', 'wiped', 'purge', 'opt', 'unsubscribe', 'erasure', 'discard', 'destroy', 'scrub'],
  online: ['internet', 'online', 'offline', 'wifi', 'wi-fi', 'connected', 'connection', 'cloud', 'server', 'servers', 'upload', 'uploaded', 'web', 'remote', 'remotely', 'network', 'sent', 'send', 'sending', 'transmit', 'transmitted', 'transmitting', 'transfer', 'transferred', 'offsite', 'off-site', 'external', 'share', 'shared', 'sharing', 'google'],
  computer: ['computer', 'device', 'locally', 'local', 'hardware', 'processor', 'chip', 'cpu', 'gpu', 'onboard'],
  mind: ['mind', 'brain', 'think', 'thinking', 'thoughts', 'program', 'intelligence', 'intelligent', 'ai', 'artificial', 'model', 'chatbot', 'chatgpt', 'gpt', 'llm', 'controlled', 'controlling', 'operator', 'puppet', 'head', 'operate', 'operated', 'operates', 'powered', 'algorithm', 'algorithms', 'neural', 'understand', 'smart', 'clever', 'conscious', 'consciousness', 'sentient', 'steer', 'steering'],
  language: ['language', 'languages', 'english', 'german', 'french', 'spanish', 'chinese', 'mandarin', 'multilingual', 'bilingual', 'tongue', 'tongues', 'dialect', 'italian', 'japanese', 'russian', 'arabic', 'portuguese', 'dutch', 'foreign', 'translate', 'translation', 'polyglot', 'cantonese'],
  switch: ['switch', 'change', 'continue', 'swap', 'instead'],
  see: ['see', 'sees', 'seeing', 'look', 'looking', 'camera', 'eye', 'eyes', 'watch', 'watching', 'vision', 'holding', 'wearing', 'outfit', 'shirt', 'clothes', 'describe', 'notice', 'glasses', 'colour', 'color', 'visual', 'sight', 'blind', 'observe', 'hold', 'held', 'jacket', 'dress', 'sweater', 'jumper', 'hoodie', 'coat', 'shoes', 'trousers', 'scarf'],
  move: ['walk', 'walking', 'move', 'moving', 'bring', 'carry', 'pick', 'accompany', 'guide', 'escort', 'fetch', 'follow', 'lead', 'deliver', 'roam', 'wander', 'legs', 'wheels', 'directions'],
  pay: ['pay', 'paying', 'payment', 'payments', 'card', 'cards', 'credit', 'debit', 'money', 'cash', 'cashier', 'cashless', 'contactless', 'invoice', 'bill', 'receipt', 'price', 'fee'],
  interrupt: ['cut', 'interrupt', 'interrupting', 'interruption', 'stop', 'quiet', 'shut', 'silence', 'silent', 'pause', 'jump', 'interject', 'halt', 'ramble', 'rambling', 'babble', 'hush', 'finish'],
  leave: ['goodbye', 'bye', 'farewell', 'depart', 'departure', 'ciao', 'cheerio'],
  talk: ['talk', 'talking', 'speak', 'speaking', 'conversation', 'chat', 'chatting', 'converse', 'communicate', 'communicating', 'discuss', 'dialogue'],
  hear: ['hear', 'hearing', 'loud', 'loudly', 'louder', 'shout', 'volume', 'microphone', 'audible', 'deaf', 'ears', 'listen', 'listening', 'noise', 'noisy', 'mic', 'whisper'],
  phone: ['phone', 'phones', 'calls', 'telephone', 'dial', 'mobile', 'cellphone', 'sms'],
  stand: ['stand', 'standing', 'front', 'position', 'closer', 'near', 'nearer', 'approach', 'far', 'step'],
  job: ['job', 'jobs', 'receptionist', 'reception', 'desk', 'role', 'duties', 'occupation', 'profession', 'employee', 'staff', 'hired', 'employed', 'concierge', 'assistant', 'greeter', 'hostess'],
  ability: ['capable', 'able', 'abilities', 'ability', 'capabilities', 'help', 'good', 'useful', 'purpose', 'skills', 'skill', 'assist', 'assistance', 'features', 'services', 'handle', 'functions', 'tasks', 'talents', 'offer'],
  question: ['question', 'questions', 'ask', 'answer', 'answers', 'topic', 'topics', 'guess', 'invent', 'unsure', 'lie', 'lies', 'lying', 'hallucinate', 'quiz', 'subject', 'subjects', 'facts', 'fabricate', 'accurate', 'reliable'],
  greet: ['greet', 'greets', 'greeting', 'greeted', 'wave', 'waves', 'waving'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['happen', 'happens', 'happened', 'happening', 'thing', 'things', 'kind', 'sort', 'type', 'way', 'someone', 'somebody', 'anyone', 'anybody', 'hi', 'hello', 'hey', 'tell', 'wondering', 'wonder', 'curious', 'even', 'something', 'somewhere', 'stuff', 'ok', 'okay', 'anyway', 'deal',
  // Contractions typed or transcribed without their apostrophe: function words, not words the knowledge lacks.
  'dont', 'cant', 'youre', 'whats', 'ive', 'isnt', 'doesnt', 'wont', 'didnt', 'hows', 'thats', 'aint', 'arent', 'wasnt', 'couldnt', 'wouldnt', 'havent', 'youve', 'whos', 'gonna', 'wanna', 'gotta', 'kinda', 'yeah', 'pls', 'plz'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['i', 'me', 'my', 'mine', 'myself', 'you', 'your', 'yours', 'yourself', 'u', 'ur', 'ya', 'robot', 'we', 'us', 'our', "let's"];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("keeping" is "keep", "remotely" "remote", "saving" "save"). */
const suffixes = ['ing', 'ed', 'es', 's', 'ly'];

/** Words that only look inflected: a building is not what "build" asks about. */
const uninflected = ['building', 'buildings', 'meeting', 'meetings', 'parking', 'evening', 'morning', 'ceiling', 'shopping', 'clothing', 'painting', 'wedding', 'cloudy', 'series', 'news'];

/** A generic subject: "Can one pay here?", "Is it possible to …?", "Am I allowed to …" needs none. */
const generic = ['one', 'possible', 'allowed'];

export const EN: Lexicon = { concepts, frames, persons, generic, suffixes, uninflected };
