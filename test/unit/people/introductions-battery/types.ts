/**
 * One language's share of the introductions battery: phrasings written as visitors speak, not
 * next to the rules that read them. `intros`: the utterance and the name it gives; `none`: an
 * utterance that gives no name; `denials`: the answer to "Is your name {asked}?" that denies it and
 * gives another name in the same breath, which must be taken.
 */
export interface Battery {
  intros: readonly (readonly [text: string, name: string])[];
  none: readonly string[];
  denials: readonly (readonly [asked: string, text: string, name: string])[];
}
