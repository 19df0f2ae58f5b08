import { EN_CUES } from './cue-lexicon.js';
import { cueRules, NAME } from './cues.js';
import type { Language, Rule } from './engine.js';
import { gerundOf, tagEnglish } from './tokens.js';
import { tradeRules } from './trade.js';

/** English phrasings of a self-introduction. Order matters: the first rule to yield a field wins. */
const RULES: Rule[] = [
  // name
  { re: /\b(?:my|the) (?:full |first |real )?name(?:'s| is)\s+(?<name>.+)/i, name: 'explicit' },
  { re: /\bi(?:'m| am) called\s+(?<name>.+)/i, name: 'explicit' },
  { re: /\b(?:people|everyone|everybody|they|friends|my friends) call me\s+(?<name>.+)/i, name: 'explicit' },
  { re: /\bcalls? me\s+(?:just |simply )?(?<name>.+)/i, name: 'explicit' },
  { re: /\bi go by\s+(?<name>.+)/i, name: 'explicit' },
  { re: /\bname's\s+(?<name>.+)/i, name: 'explicit' },
  { re: /(?:^|[,.!?]\s*)(?<name>\p{L}[^,.!?]*?)\s+is my name\b/iu, name: 'explicit' },
  ...cueRules(EN_CUES),
  ...tradeRules('en', { pattern: NAME, strength: EN_CUES.nameFirst }),
  { re: /\bi(?:'m| am)\s+(?<name>.+)/i, name: 'weak' },
  // The conditional of a visitor announcing themselves ("Hi, I'd be Trevor", "ich wäre dann die Rosa", "je serais Céleste").
  { re: /\bi(?:'d| would) be\s+(?<name>.+)/i, name: 'weak' },
  // "Oliver. Nice to meet you.", "Hi, Grace, pleased to meet you": a name, then the pleasantry that follows an introduction.
  { re: /(?:^|[.!?]\s*)(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon|evening))\s*[,!.]?\s+)?(?<name>\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)\s*[,.!]?\s+(?:(?:[Ii]t's|[Ii]t is)\s+)?(?:(?:[Vv]ery\s+)?(?:[Nn]ice|[Pp]leased|[Gg]lad|[Gg]ood|[Ll]ovely|[Gg]reat) to meet you|[Hh]ow do you do)/u, name: 'explicit' },
  // "Marco, from Leeds.", "Hi! Grace here, from Toronto.": a name, then where the person is from.
  {
    // Case-sensitive: the capital is the evidence (compromise reads "Grace" as a verb). A comma
    // before "from", or nothing after the place: "Flights from London are late" is no introduction.
    re: /(?:^|[.!?]\s*)(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Gg]ood (?:morning|afternoon|evening))\s*[,!]?\s+)?(?<name>\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)(?:\s+here)?(?:\s*,\s*(?:(?:I'm|I am|I come|coming)\s+)?from\s+\p{Lu}|\s*,\s*(?:I live in|living in|based in)\s+\p{Lu}|\s+from\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s*[.!]?\s*$)/u,
    name: 'explicit',
  },
  { re: /\b(?:this is|it's|it is)\s+(?<name>.+?)(?:\s+(?:here|speaking))?(?=[,.!?]|$)/i, name: 'weak' },
  // work
  { re: /\bi(?:'m| am) (?:an? |the )(?<position>[^,.;!?]+?) (?:at|for|with) (?<company>[^,.;!?]+)/i, jobOnly: true },
  { re: /\bi(?:'m| am) (?:an? |the )(?<position>[^,.;!?]+?) (?:of|in) (?<company>[^,.;!?]+)/i, jobOnly: true },
  { re: /\bwork(?:ing)? (?:at|for|with) [^,.;!?]+? as (?:an? |the )?(?<position>[^,.;!?]+)/i },
  { re: /\bwork(?:ing)? as (?:an? |the )?[^,.;!?]+? (?:at|for|with|in) (?<company>[^,.;!?]+)/i },
  { re: /\bi (?:currently |now |also |still )?work (?:at|for|with) (?<company>[^,.;!?]+)/i },
  { re: /\bi(?:'m| am) (?:currently |now |still )?(?:working|employed) (?:at|for|by|with) (?<company>[^,.;!?]+)/i },
  { re: /\bi (?:currently |now |also |still )?work as (?:an? |the )?(?<position>[^,.;!?]+)/i },
  { re: /\bi(?:'m| am) (?:currently |now )?working as (?:an? |the )?(?<position>[^,.;!?]+)/i },
  { re: /\bmy (?:job|position|role|title|profession|occupation) is (?:an? |the )?(?<position>[^,.;!?]+)/i },
  { re: /\bmy (?:company|employer) is (?<company>[^,.;!?]+)/i },
  { re: /\bi(?:'m| am) (?:an? |the )(?<position>[^,.;!?]+)/i, jobOnly: true },
  // where they live
  { re: /\bi (?:currently |now |still )?live (?:in|at) (?<location>[^,.;!?]+)/i },
  { re: /\bi(?:'m| am) (?:currently |now )?(?:living|based|staying|located) (?:in|at) (?<location>[^,.;!?]+)/i },
  { re: /\bi reside in (?<location>[^,.;!?]+)/i },
  { re: /\bi(?:'m| am) (?:originally )?from (?<location>[^,.;!?]+)/i },
  { re: /\bi (?:originally )?come from (?<location>[^,.;!?]+)/i },
  { re: /\bmy home ?town is (?<location>[^,.;!?]+)/i },
  // hobbies and interests
  { re: /\bmy (?:favou?rite )?hobb(?:y|ies) (?:is|are|include) (?<list>[^.;!?]+)/i, list: 'hobbies' },
  { re: /\bin my (?:free|spare) time,? i (?:like to |love to |enjoy |usually |often |mostly )?(?<list>[^.;!?]+)/i, list: 'hobbies' },
  { re: /\bfor fun,? i (?:like to |love to )?(?<list>[^.;!?]+)/i, list: 'hobbies' },
  { re: /\bi (?:also |often |usually )?play (?<list>[^.;!?]+)/i, list: 'hobbies' },
  { re: /\bmy interests (?:are|include) (?<list>[^.;!?]+)/i, list: 'interests' },
  { re: /\bi(?:'m| am) (?:really |very |quite |also )?interested in (?<list>[^.;!?]+)/i, list: 'interests' },
  { re: /\bi(?:'m| am) (?:also )?(?:an? )?(?:big |huge |great )?fan of (?<list>[^.;!?]+)/i, list: 'interests' },
  { re: /\bi(?:'m| am) passionate about (?<list>[^.;!?]+)/i, list: 'interests' },
  { re: /\bi(?:'m| am) (?:really |very |quite |also )?into (?<list>[^.;!?]+)/i, list: 'auto' },
  { re: /\bi (?:also |really |just |absolutely )?(?:like|love|enjoy|adore)\s+(?<list>[^.;!?]+)/i, list: 'auto' },
];

const JOBS = new Set([
  'doctor', 'nurse', 'student', 'teacher', 'engineer', 'developer', 'manager', 'designer', 'ceo', 'cto', 'cfo', 'coo', 'founder',
  'intern', 'researcher', 'professor', 'scientist', 'lawyer', 'chef', 'cook', 'consultant', 'receptionist', 'architect', 'accountant',
  'analyst', 'artist', 'writer', 'programmer', 'pilot', 'surgeon', 'dentist', 'pharmacist', 'journalist', 'photographer', 'musician',
  'secretary', 'assistant', 'director', 'officer', 'clerk', 'technician', 'mechanic', 'electrician', 'plumber', 'farmer', 'baker',
  'barista', 'waiter', 'waitress', 'cashier', 'salesman', 'saleswoman', 'head', 'lead', 'president', 'vp', 'owner', 'partner', 'phd',
  'postdoc', 'lecturer', 'tutor', 'coach', 'trainer', 'therapist', 'psychologist', 'vet', 'veterinarian', 'firefighter', 'police',
  'policeman', 'soldier', 'driver', 'librarian', 'editor', 'translator', 'economist', 'banker', 'broker', 'entrepreneur', 'freelancer',
]);
const NOT_JOBS = new Set([
  'fan', 'lover', 'member', 'friend', 'visitor', 'guest', 'customer', 'client', 'tourist', 'beginner', 'newcomer', 'believer', 'mother',
  'father', 'brother', 'sister', 'daughter', 'son', 'parent', 'person', 'guy', 'girl', 'boy', 'man', 'woman', 'bit', 'lot', 'other',
  'user', 'number', 'robot', 'human', 'fanatic', 'native', 'resident', 'citizen', 'patient', 'winner', 'loser', 'killer', 'monster',
]);
const JOB_SUFFIX = /(?:er|or|ist|ian|eer|ect|ee|man|woman|ista|ant|ent)$/;

function looksLikeJob(position: string): boolean {
  const words = position.toLowerCase().split(/\s+/);
  const head = words.at(-1) ?? '';
  if (words.some((w) => NOT_JOBS.has(w)) || words.length > 5) return false;
  return words.some((w) => JOBS.has(w)) || (JOB_SUFFIX.test(head) && head.length > 4);
}

/** -ing words that are things, not activities. */
const ING_NOUNS = new Set(['thing', 'king', 'spring', 'morning', 'evening', 'ring', 'wing', 'string', 'ceiling', 'beijing', 'nothing', 'something', 'everything', 'anything', 'pudding', 'building', 'wedding', 'clothing', 'ping']);

function classify(item: string, raw: string): { kind: 'hobbies' | 'interests'; item: string } {
  if (/^to\s/i.test(raw)) return { kind: 'hobbies', item: gerundOf(item) };
  const activity = raw
    .toLowerCase()
    .split(/\s+/)
    .some((w) => w.endsWith('ing') && w.length > 4 && !ING_NOUNS.has(w));
  return { kind: activity ? 'hobbies' : 'interests', item };
}

const LOWER_AND = String.raw`and(?=\s+\p{Ll})`;

export const english: Language = {
  rules: RULES,
  valueStop: new RegExp(
    String.raw`\s+(?:and (?:i|i'm|my|we)|but|because|so|since|where|who|which|though|although|while|when|now|currently|these days|at the moment|nowadays|right now|for (?:\d+|a few|many|several|some|two|three|five|ten) (?:years?|months?)|as well|too)\b`,
    'iu',
  ),
  // Case-sensitive: "Procter and Gamble" is one company, "Acme and love it" is not.
  companyStop: new RegExp(String.raw`\s+(?:as|in|near|for|${LOWER_AND})\b`, 'u'),
  positionStop: new RegExp(String.raw`\s+(?:at|for|with|in|${LOWER_AND})\b`, 'u'),
  locationStop: new RegExp(String.raw`\s+(?:with|for|since|near|because|but|${LOWER_AND})\b`, 'u'),
  listStop: /\s*(?:[.;!?]|,?\s+(?:but|because|although|though|when|if|since|while)\b|,?\s+(?:and\s+)?(?:i|i'm|i am|my|we|it's)\b)/i,
  listSplit: /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as|plus|&)\s+/i,
  rejectItem: /\b(?:you|your|yours|it|its|this|that|these|those|them|him|me|us|here|there|things|stuff|everything|nothing|anything|something|lot|lots|much|way)\b/,
  itemPrefix: /^(?:(?:also|really|just|to|the|a|an|some|do|doing|go|going)\s+)+/i,
  classify,
  looksLikeJob,
  tokens: tagEnglish,
};
