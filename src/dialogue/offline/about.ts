import { clip } from '../../memory/index.js';
import { askedAbout, type PersonTopic, type RobotTopic } from '../about/index.js';
import { opensConversation, type TurnState } from '../state.js';
import { line, type OfflineContext } from './say.js';
import { toolAnswer, type ToolInput } from './tools.js';

export type AboutInput = Pick<TurnState, 'language' | 'user_info'> & Partial<Pick<TurnState, 'user_text' | 'episode_memory' | 'intent' | 'turn_id' | 'conversation_id'>> & ToolInput;

/** The longest summary of the last visit that is read out. */
const SUMMARY_CHARS = 220;

/**
 * The answer without a language model to a question about the person asking or about the robot,
 * or null when the utterance asks neither. The person is answered only from their own profile
 * and their own memories (the turn holds no one else's); the robot from its persona and, for what
 * the knowledge files say better (what it can do, who built it, its feelings), from them.
 */
export function aboutAnswer(state: AboutInput, ctx: OfflineContext): string | null {
  const asked = askedAbout(state.user_text ?? '');
  if (!asked) return null;
  // "Hello, how are you?" opening a visit: the greeting (and the robot's introduction) answers it.
  // Later in the visit the robot says how it is, whatever the intent model made of the words
  // ("Wie geht es dir?" reads as a greeting to it).
  if (asked.about === 'robot' && asked.topic === 'mood' && opensConversation(state)) return null;
  return asked.about === 'me' ? personAnswer(asked.topic, state, ctx) : robotAnswer(asked.topic, state, ctx);
}

function personAnswer(topic: PersonTopic, state: AboutInput, ctx: OfflineContext): string {
  const u = state.user_info;
  const say = (key: Parameters<typeof line>[0], values: Record<string, string> = {}) => line(key, state.language, ctx, { name: u.user_name ?? '', ...values });
  // Someone the robot does not know has no profile and no memories to answer from.
  if (!u.user_id || !u.user_name) return say(topic === 'name' ? 'me_name_unknown' : 'me_unknown');
  const recalled = lastTime(state, ctx);
  switch (topic) {
    case 'name':
      return say('me_name');
    case 'work':
      return workAnswer(state, ctx) ?? say('me_work_none');
    case 'live':
      return u.location ? say('me_live', { location: u.location }) : say('me_live_none');
    case 'hobbies': {
      const things = [...(u.hobbies ?? []), ...(u.interests ?? [])];
      if (!things.length) return say('me_hobbies_none');
      return say('me_hobbies', { things: new Intl.ListFormat(state.language, { type: 'conjunction' }).format(things) });
    }
    case 'last_time':
      return recalled ?? say('me_last_none');
    case 'remember': {
      // Something they told, to show it: last time's words, else where they live or work.
      const fact = recalled ?? (u.location ? say('me_live', { location: u.location }) : workAnswer(state, ctx));
      return [say('me_remember'), fact].filter(Boolean).join(' ');
    }
  }
}

function workAnswer(state: AboutInput, ctx: OfflineContext): string | null {
  const { current_company: company, current_position: position } = state.user_info;
  if (company && position) return line('me_work_both', state.language, ctx, { company, position });
  if (company) return line('me_work_company', state.language, ctx, { company });
  if (position) return line('me_work_position', state.language, ctx, { position });
  return null;
}

/** What the person said last time, word for word, or else the summary of that visit. */
function lastTime(state: AboutInput, ctx: OfflineContext): string | null {
  const episode = state.episode_memory;
  if (!episode) return null;
  const said = episode.highlight?.trim();
  if (said && said.length <= 160) return line('recall_last_time', state.language, ctx, { said });
  const summary = episode.text.trim();
  return summary ? line('me_last_summary', state.language, ctx, { summary: clip(summary, SUMMARY_CHARS) }) : null;
}

const FROM_KNOWLEDGE: ReadonlySet<RobotTopic> = new Set(['creator', 'abilities', 'feelings']);

function robotAnswer(topic: RobotTopic, state: AboutInput, ctx: OfflineContext): string {
  // The knowledge files, when they answer in the visitor's language; never for the name, which a
  // section about "tell me your name" would answer with the visitor's.
  const best = state.knowledge_retrieval?.hits[0];
  if (FROM_KNOWLEDGE.has(topic) && best && (!best.language || best.language === state.language)) {
    const known = toolAnswer(state, ctx);
    if (known) return known;
  }
  return line(`robot_${topic}`, state.language, ctx);
}
