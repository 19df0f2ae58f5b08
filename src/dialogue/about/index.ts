/** Questions about the person asking or about the robot, recognised without a language model. */
export { askedAbout, normalizeQuestion } from './classify.js';
export type { Asked } from './classify.js';
export { ABOUT, PERSON_TOPICS, ROBOT_TOPICS } from './lexicon.js';
export type { AboutLexicon, Owner, PersonTopic, RobotTopic } from './lexicon.js';
