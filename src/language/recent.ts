/** Every reading's memory, so that a rehearsal can make the readings run again (forgetRecentReadings). */
const MEMORIES = new Set<Map<string, unknown>>();

/**
 * A pure reading of an utterance, remembered for the last few texts. One turn asks the same
 * question of its utterance from several places (does it ask something: the knowledge search,
 * the planner, the name rules, the turn's end; which language: the turn, the offline responder),
 * and each reading is patterns over every word: asked again, it cost 1-2 ms of the time before
 * the reply's request. What is remembered is shared, so it must be read only.
 */
export function rememberRecent<T>(read: (text: string) => T, size = 16): (text: string) => T {
  const recent = new Map<string, T>();
  MEMORIES.add(recent);
  return (text) => {
    if (recent.has(text)) return recent.get(text)!;
    const value = read(text);
    recent.set(text, value);
    if (recent.size > size) recent.delete(recent.keys().next().value!);
    return value;
  };
}

/**
 * The readings forget what they remembered, so that the same texts are read again. The start-up
 * rehearsal says the same turns round after round until V8 has optimised their code; a remembered
 * reading would run once per text and stay unoptimised, and the first visitor's every new
 * utterance would pay for it (a farewell's language identification took 1.17 ms on the bench,
 * 0.65-0.74 ms once rehearsed). Only the cost of reading again is lost.
 */
export function forgetRecentReadings(): void {
  for (const memory of MEMORIES) memory.clear();
}
