import type { Concepts, Lexicon } from './types.js';

/** English words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['alive', 'living', 'robot', 'robots', 'machine', 'android', 'humanoid', 'human', 'person', 'cyborg', 'automaton', 'bot', 'flesh', 'biological', 'mechanical', 'droid', 'organic', 'real', 'woman', 'lady', 'costume', 'mechanic', 'hologram', 'puppet', 'animatronic'],
  name: ['name', 'named', 'called', 'introduce', 'introduction', 'nickname', 'mistaken', 'confuse', 'confused', 'spell', 'spelled', 'spelling', 'pronounce', 'surname'],
  feel: ['insult', 'insulted', 'insults', 'offend', 'offended', 'feel', 'feeling', 'feelings', 'emotion', 'emotions', 'emotional', 'mood', 'moods', 'sad', 'sadness', 'happy', 'happiness', 'angry', 'anger', 'upset', 'bother', 'bothers', 'rude', 'rudeness', 'impolite', 'hurt', 'lonely', 'bored', 'annoyed', 'annoy', 'cheerful', 'spirits', 'glad', 'joy', 'cry', 'crying', 'mad', 'grumpy', 'moody', 'nasty', 'unkind', 'swear', 'swearing', 'offensive', 'yell', 'yelling', 'frustrated', 'smile', 'smiling', 'laugh', 'cranky', 'stressed', 'tired', 'sulk', 'sulking'],
  build: ['software', 'code', 'source', 'build', 'built', 'builder', 'builders', 'made', 'maker', 'makers', 'create', 'created', 'creator', 'creators', 'develop', 'developed', 'developer', 'developers', 'company', 'manufacturer', 'manufactured', 'programmed', 'programmer', 'programmers', 'designed', 'designer', 'owner', 'owners', 'owns', 'open-source', 'assembled', 'assemble', 'invented', 'inventor', 'engineer', 'engineers', 'engineered', 'manufacture', 'produced', 'producer', 'origin', 'origins', 'github', 'repository', 'license', 'licence', 'team', 'lab', 'laboratory', 'university', 'institute', 'startup', 'manufacturing', 'download', 'downloadable', 'fork', 'installed', 'install'],
  data: ['data', 'information', 'info', 'details', 'personal', 'profile', 'store', 'stored', 'storing', 'save', 'saved', 'keep', 'kept', 'memories', 'memory', 'record', 'recorded', 'recording', 'recordings', 'notes', 'photo', 'photos', 'picture', 'pictures', 'file', 'files', 'dossier', 'film', 'filming', 'filmed', 'video', 'videos', 'footage', 'collect', 'collected', 'collecting', 'track', 'tracking', 'log', 'logs', 'logged', 'database', 'retain', 'retained', 'archive', 'spy', 'spying', 'surveillance', 'privacy', 'private', 'jot', 'jotted', 'noted', 'snapshot', 'snapshots', 'cctv', 'monitor', 'monitoring', 'stalk'],
  remember: ['remember', 'remembers', 'recall', 'forgotten', 'recognise', 'recognize', 'recognised', 'recognized', 'recognition', 'face', 'faces', 'memorise', 'memorize', 'recollect', 'memorised', 'memorized', 'identify', 'identified'],
  return: ['return', 'returning', 'visit', 'revisit', 'back', 'welcome', 'again', 'comeback'],
  forget: ['forget', 'forgets', 'delete', 'deleted', 'deletion', 'erase', 'erased', 'remove', 'removed', 'wipe', 'wiped', 'purge', 'opt', 'unsubscribe', 'erasure', 'discard', 'destroy', 'scrub'],
  online: ['internet', 'online', 'offline', 'wifi', 'wi-fi', 'connected', 'connection', 'cloud', 'server', 'servers', 'upload', 'uploaded', 'web', 'remote', 'remotely', 'network', 'sent', 'send', 'sending', 'transmit', 'transmitted', 'transmitting', 'transfer', 'transferred', 'offsite', 'off-site', 'external', 'share', 'shared', 'sharing', 'google'],
  computer: ['computer', 'device', 'locally', 'local', 'hardware', 'processor', 'chip', 'cpu', 'gpu', 'onboard'],
  mind: ['mind', 'brain', 'think', 'thinking', 'thoughts', 'program', 'intelligence', 'intelligent', 'ai', 'artificial', 'model', 'chatbot', 'chatgpt', 'gpt', 'llm', 'controlled', 'controlling', 'operator', 'puppet', 'head', 'operate', 'operated', 'operates', 'powered', 'algorithm', 'algorithms', 'neural', 'understand', 'smart', 'clever', 'conscious', 'consciousness', 'sentient', 'steer', 'steering', 'wires', 'circuits', 'circuitry', 'electronics', 'puppeteer', 'typing', 'scripted', 'script'],
  language: ['language', 'languages', 'english', 'german', 'french', 'spanish', 'chinese', 'mandarin', 'multilingual', 'bilingual', 'tongue', 'tongues', 'dialect', 'italian', 'japanese', 'russian', 'arabic', 'portuguese', 'dutch', 'foreign', 'translate', 'translation', 'polyglot', 'cantonese', 'lingo'],
  switch: ['switch', 'change', 'continue', 'swap', 'instead'],
  see: ['see', 'sees', 'seeing', 'look', 'looking', 'camera', 'eye', 'eyes', 'watch', 'watching', 'vision', 'holding', 'wearing', 'outfit', 'shirt', 'clothes', 'describe', 'notice', 'glasses', 'colour', 'color', 'visual', 'sight', 'blind', 'observe', 'hold', 'held', 'jacket', 'dress', 'sweater', 'jumper', 'hoodie', 'coat', 'shoes', 'trousers', 'scarf'],
  move: ['walk', 'walking', 'move', 'moving', 'bring', 'carry', 'pick', 'accompany', 'guide', 'escort', 'fetch', 'follow', 'lead', 'deliver', 'roam', 'wander', 'legs', 'wheels', 'directions', 'stroll'],
  pay: ['pay', 'paying', 'payment', 'payments', 'card', 'cards', 'credit', 'debit', 'money', 'cash', 'cashier', 'cashless', 'contactless', 'invoice', 'bill', 'receipt', 'price', 'fee', 'settle', 'tap', 'applepay', 'paypal', 'venmo', 'checkout', 'till'],
  interrupt: ['cut', 'interrupt', 'interrupting', 'interruption', 'stop', 'quiet', 'shut', 'silence', 'silent', 'pause', 'jump', 'interject', 'halt', 'ramble', 'rambling', 'babble', 'hush', 'finish'],
  leave: ['goodbye', 'bye', 'farewell', 'depart', 'departure', 'ciao', 'cheerio', 'cya', 'toodles', 'tata', 'adieu', 'laters'],
  talk: ['talk', 'talking', 'speak', 'speaking', 'conversation', 'chat', 'chatting', 'converse', 'communicate', 'communicating', 'discuss', 'dialogue'],
  hear: ['hear', 'hearing', 'loud', 'loudly', 'louder', 'shout', 'volume', 'microphone', 'audible', 'deaf', 'ears', 'listen', 'listening', 'noise', 'noisy', 'mic', 'whisper', 'mumble', 'mumbling'],
  phone: ['phone', 'phones', 'calls', 'telephone', 'dial', 'mobile', 'cellphone', 'sms', 'ring'],
  stand: ['stand', 'standing', 'front', 'position', 'closer', 'near', 'nearer', 'approach', 'far', 'step'],
  job: ['job', 'jobs', 'receptionist', 'reception', 'desk', 'role', 'duties', 'occupation', 'profession', 'employee', 'staff', 'hired', 'employed', 'concierge', 'assistant', 'greeter', 'hostess'],
  ability: ['capable', 'able', 'abilities', 'ability', 'capabilities', 'help', 'good', 'useful', 'purpose', 'skills', 'skill', 'assist', 'assistance', 'features', 'services', 'handle', 'functions', 'tasks', 'talents', 'offer', 'usefulness', 'function'],
  question: ['question', 'questions', 'ask', 'answer', 'answers', 'topic', 'topics', 'guess', 'invent', 'unsure', 'lie', 'lies', 'lying', 'hallucinate', 'quiz', 'subject', 'subjects', 'facts', 'fabricate', 'accurate', 'reliable'],
  greet: ['greet', 'greets', 'greeting', 'greeted', 'wave', 'waves', 'waving'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['sorry', 'excuse', 'pardon', 'thanks', 'thank', 'um', 'umm', 'uh', 'er', 'erm', 'hmm', 'well', 'nope', 'yep', 'oh', 'ah', 'btw', 'alright', 'happen', 'happens', 'happened', 'happening', 'thing', 'things', 'kind', 'sort', 'type', 'way', 'someone', 'somebody', 'anyone', 'anybody', 'hi', 'hello', 'hey', 'tell', 'wondering', 'wonder', 'curious', 'even', 'something', 'somewhere', 'stuff', 'ok', 'okay', 'anyway', 'deal',
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

/** Word groups that mean a concept together and none alone (see Lexicon.phrases): a visitor's own words for what a section says. */
const phrases: Lexicon['phrases'] = {
  pay: ['settle up', 'pay up', 'tap my card', 'pick up the bill', 'foot the bill', 'chip and pin', 'apple pay', 'google pay', 'how much do i owe', 'ring me up'],
  move: ['walk me', 'take me to', 'take me over', 'show me to', 'show me the way', 'lead the way', 'come with me', 'get around', 'go for a walk', 'get about', 'roll around', 'drive around'],
  leave: ["i'm off", "i'm leaving", 'heading off', 'head off', 'see you later', 'see ya', 'see you around', 'take care', 'gotta go', 'have to go', 'got to go', 'must go', 'need to go', 'so long', 'catch you later', 'signing off', 'walk off', 'walk away', 'go away'],
  interrupt: ['jump in', 'cut in', 'butt in', 'chime in', 'get a word in', 'hold on', 'hang on', 'be quiet', 'keep quiet', 'zip it', 'pipe down', 'talk over', 'go on and on', 'goes on and on', 'wait a sec', 'wait a second', 'one sec'],
  build: ['put together', 'put you together', 'came up with', 'dreamed up', 'brought to life', 'bring to life', 'brought you to life', 'who is behind you', 'run you at home', 'download you', 'copy of you', 'build my own', 'source code'],
  data: ['jot down', 'jotted down', 'jotting down', 'write down', 'wrote down', 'written down', 'writing down', 'note down', 'noted down', 'take notes', 'keep track', 'keep tabs', 'keep a record', 'on file', 'keep anything', 'have on me', 'got on me'],
  online: ['go off', 'goes off', 'sent off', 'beamed up', 'beam up', 'leave the building', 'leave this room', 'phone home', 'out there', 'go anywhere', 'going anywhere', 'goes anywhere', 'end up', 'ends up', 'passed on', 'pass on', 'hand over', 'handed over', 'big tech', 'third parties', 'third party'],
  forget: ['get rid of', 'wipe out', 'forget about me', 'strike me off', 'take me off', 'scrub me', 'clear out', 'start fresh', 'clean slate', 'opt out', 'not keep', "didn't keep", "don't keep", 'rather you didn'],
  mind: ['all wires', 'made of wires', 'pull the strings', 'pulling the strings', 'behind the curtain', 'brain in there', 'under the hood', 'makes you tick', 'what makes you', 'man behind', 'someone typing', 'human typing', 'person typing', 'typing your answers'],
  robot: ['in a costume', 'flesh and blood', 'dressed up', 'guy inside', 'person inside', 'someone inside'],
  name: ['wrong person', 'wrong name', 'mixed me up', 'mix me up', 'mixing me up', 'mistaken me', 'mistake me for', 'someone else', 'not me', 'not my name', 'go by', 'what i am called', "what i'm called"],
  ability: ["what's the point", 'point of you', 'good for', 'help out', 'lend a hand', 'give me a hand', 'of use', 'any use', 'be of service'],
  question: ['make stuff up', 'make things up', 'making stuff up', 'making things up', 'made up', 'make it up', 'no idea', 'not sure', "don't know", 'do not know', 'tell me anything about', 'know about this place', 'know anything', 'anything about this'],
  see: ['how many fingers', 'take a look', 'have a look', 'check me out', 'look like', 'what am i wearing', 'in my hand', 'holding up'],
  hear: ['speak up', 'talk louder', 'speak louder', 'pick me up', 'too quiet', 'too soft'],
  switch: ['more comfortable in', 'rather speak', 'rather talk', 'in another language', 'in my language'],
  feel: ['in a mood', 'bad day', 'feel down', 'feeling down', 'cheer up', 'your day going', 'hurt your feelings', 'get to you', 'gets to you', 'out of sorts'],
  return: ['come back', 'coming back', 'pop by', 'pop in', 'drop by', 'drop in', 'stop by', 'swing by', 'next time', 'come again', 'another time', 'next week', 'next month'],
  phone: ['give someone a ring', 'ring someone', 'make a call', 'phone a'],
  job: ['front desk', 'work here', 'working here', 'on duty'],
  stand: ['how close', 'how far', 'over here', 'over there', 'right here', 'this spot'],
  greet: ['say hello', 'say hi', 'welcome people'],
};

/** Word groups that frame a question (courtesy, hesitation, an indirect question): no content words (see Lexicon.framePhrases). */
const framePhrases = ['would you mind', 'do you mind', "if you don't mind", 'i was wondering', 'i wonder', 'excuse me', 'sorry to bother', "i'd like to know", 'can you tell me', 'could you tell me', 'i mean', 'by the way', 'out of curiosity', 'just wondering', 'i guess'];

export const EN: Lexicon = { concepts, phrases, framePhrases, frames, persons, generic, suffixes, uninflected };
