/**
 * The concepts of the knowledge thesaurus (see ../concepts.ts): what a visitor asks a robot about
 * itself, whatever the words. Each language's file lists its own words for them.
 */
export type Concept =
  | 'robot' | 'name' | 'feel' | 'build' | 'data' | 'remember' | 'return' | 'forget' | 'online' | 'computer' | 'mind' | 'language'
  | 'switch' | 'see' | 'move' | 'pay' | 'interrupt' | 'leave' | 'talk' | 'hear' | 'phone' | 'stand' | 'job' | 'ability' | 'question' | 'greet';

/** One language's words per concept (a concept a language has no safe word for is left out). */
export type Concepts = Partial<Record<Concept, readonly string[]>>;

/** What retrieval knows of one language's words. */
export interface Lexicon {
  concepts: Concepts;
  /**
   * Words that frame a question without saying what it is about: a greeting, "what happens
   * when…", "what kind of…". They are no content word (dropped with the stop words), so "was
   * passiert wenn man dich beschimpft" is about insults, not about "Was passiert, wenn ich gehe?".
   */
  frames: readonly string[];
  /**
   * Words that speak of the visitor or the robot (pronouns, possessives): the knowledge answers
   * what a visitor asks the robot about itself or about them, so a question with none of them
   * ("Who designed this building?", "Wie heißt der Hausmeister?") is about the world around.
   */
  persons: readonly string[];
  /**
   * Inflectional endings, tried when a word is not in the thesaurus: the word without one (and
   * without a doubled last letter, or with an "e" put back) is looked up again. A poor man's
   * lemmatizer, safe because only a listed word can match.
   */
  suffixes?: readonly string[];
  /**
   * Words of a generic subject ("on peut …", "kann man …", "se puede …", "il faut …"): a question
   * about what anyone may do asks what the visitor may do, but less surely than "I" or "you" (see
   * personhood in ../tokens.ts).
   */
  generic?: readonly string[];
  /**
   * Verb endings of the first or second person in a language that drops its pronouns ("¿Grabas lo
   * que hablamos?"): a thesaurus word with one of them speaks of the visitor or the robot.
   */
  personEndings?: readonly string[];
  /** Words that end like an inflection and are none ("building"): never cut. */
  uninflected?: readonly string[];
  /** Separable verb particles cut from the front of a word that is otherwise a thesaurus word. */
  particles?: readonly string[];
  /**
   * Word groups that mean a concept together and none alone ("settle up", "I'm off", "ins Wort
   * fallen", "j'y vais"): a visitor says in their own words what a section says, and the words of
   * an idiom are not the words of its meaning. Matched as whole words in order, apostrophes
   * dropped ("im off" is "I'm off").
   */
  phrases?: Partial<Record<Concept, readonly string[]>>;
  /**
   * Word groups that frame a question as `frames` do, though their words alone may mean something
   * ("would you mind", "I was wondering", "excuse me"): their words are no content words and carry
   * no concept ("mind" of "would you mind" is no question about the robot's mind).
   */
  framePhrases?: readonly string[];
  /**
   * The language joins words into compounds ("Kartenzahlung", "Gesichtserkennung"): a word not in
   * the thesaurus is split into a modifier and a head, and each that is one of this language's
   * thesaurus words gives its concept.
   */
  compounds?: boolean;
}
