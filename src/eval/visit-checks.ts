import { mismatches } from './match.js';
import { otherLanguage } from './reply-language.js';
import type { Expectation } from './scenario.js';
import { TOPIC, type Heard } from './stage.js';

export interface CheckContext {
  /** The daemon's messages on a topic since the last step. */
  window(topic: string): Heard[];
  /** The daemon's messages on a topic over the whole visit. */
  all(topic: string): Heard[];
  /** "@Name" strings replaced by the id the daemon gave that name. */
  resolve<T>(value: T): T;
}

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const quote = (s: string) => JSON.stringify(s.length > 300 ? `${s.slice(0, 299)}…` : s);

/**
 * The checks of "nothing of the kind" that generated visits need (reply language, no stop,
 * what reached perception over the whole visit): each is null when met, else what went wrong.
 * They are all decided once the robot is quiet.
 */
export function visitChecks(e: Expectation, ctx: CheckContext): (() => string | null)[] {
  const out: (() => string | null)[] = [];
  if (e.speak_language !== undefined) {
    const expected = e.speak_language;
    out.push(() => {
      // A sentence of an earlier reply spoken late (a loaded machine) answers nothing said since.
      const replies = (turns: Heard[]) => turns.map((h) => String((json(h.text) as { reply?: unknown }).reply ?? ''));
      const recent = new Set(ctx.window(TOPIC.turn));
      const earlier = replies(ctx.all(TOPIC.turn).filter((h) => !recent.has(h)));
      const now = replies([...recent]);
      const late = (sentence: string) => earlier.some((r) => r.includes(sentence)) && !now.some((r) => r.includes(sentence));
      const wrong = otherLanguage(
        ctx
          .window(TOPIC.speak)
          .map((h) => h.text)
          .filter((t) => !late(t)),
        expected,
      );
      return wrong.length ? `speak_language ${expected}: ${wrong.map((w) => `${quote(w.sentence)} is ${w.language}`).join(', ')}` : null;
    });
  }
  if (e.no_stop_speaking) {
    out.push(() => {
      const stops = ctx.window(TOPIC.stop);
      if (!stops.length) return null;
      const said = ctx.window(TOPIC.speak).map((h) => quote(h.text));
      return `no_stop_speaking: stop_speaking was published${said.length ? ` (then the robot said ${said.join(' ')})` : ''}`;
    });
  }
  const infos = () => ctx.all(TOPIC.userInfo).map((h) => ({ text: h.text, value: json(h.text) }));
  if (e.user_info_count) {
    const { count, match } = e.user_info_count;
    out.push(() => {
      const resolved = match ? ctx.resolve(match) : null;
      const all = infos();
      const matching = resolved ? all.filter((i) => mismatches(i.value, resolved).length === 0) : all;
      if (matching.length === count) return null;
      return `user_info_count: expected ${count}${match ? ` matching ${JSON.stringify(match)}` : ''}, got ${matching.length} (published over the visit: ${all.length ? all.map((i) => i.text).join(', ') : 'none'})`;
    });
  }
  if (e.user_info_names) {
    const allowed = new Set(e.user_info_names.map((n) => n.toLocaleLowerCase()));
    out.push(() => {
      const bad = infos().filter((i) => {
        const name = (i.value as { user_name?: unknown } | null)?.user_name;
        return typeof name !== 'string' || !allowed.has(name.toLocaleLowerCase());
      });
      return bad.length ? `user_info_names ${JSON.stringify(e.user_info_names)}: perception was sent ${bad.map((i) => i.text).join(', ')}` : null;
    });
  }
  return out;
}
