/**
 * A pure reading of an utterance, remembered for the last few texts. One turn asks the same
 * question of its utterance from several places (does it ask something: the knowledge search,
 * the planner, the name rules, the turn's end; which language: the turn, the offline responder),
 * and each reading is patterns over every word: asked again, it cost 1-2 ms of the time before
 * the reply's request. What is remembered is shared, so it must be read only.
 */
export function rememberRecent<T>(read: (text: string) => T, size = 16): (text: string) => T {
  const recent = new Map<string, T>();
  return (text) => {
    if (recent.has(text)) return recent.get(text)!;
    const value = read(text);
    recent.set(text, value);
    if (recent.size > size) recent.delete(recent.keys().next().value!);
    return value;
  };
}
