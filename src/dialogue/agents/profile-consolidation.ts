import { extractByRules, factsOf, hasFacts, mergeFacts, userOfProfile, FACT_KEYS, type ProfileFacts } from '../../people/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import { lastTurns, type TurnState } from '../state.js';

type ConsolidationPorts = Pick<Ports, 'people' | 'log'>;

/** "Every few turns": often enough that a visit cut short loses little, rarely enough to cost nothing. */
const CONSOLIDATE_EVERY_TURNS = 4;

/**
 * What the person said about themselves in the turns since the last run, by the phrase rules,
 * in the order they said it: a later statement wins ("I work at Acme" … "I moved to Initech").
 */
function factsSaid(s: Pick<TurnState, 'messages' | 'language' | 'unseen_turns'>): ProfileFacts {
  const said = lastTurns(s.messages, s.unseen_turns).filter((m) => m.role === 'user');
  return mergeFacts(...said.map((m) => extractByRules({ text: m.content, expectingName: false, language: s.language, names: false }).facts));
}

/**
 * Every few turns and when the session ends, what the robot has learnt about the person in the
 * conversation is merged into their profile, whatever the turn was about: facts said in passing
 * ("Where is the exit? I live in Oslo now.") are not lost because the intent was a question. A
 * newer single value supersedes the stored one, and the profile keeps when it changed
 * (`fact_changes`). By rules, without a model; it only sees the turns since its last run, so a
 * value told later (or understood by the model in memory_update) is never overwritten by an older
 * statement. For someone not yet settled, the facts stay in the session until they are.
 */
export const profileConsolidationAgent = defineAgent({
  name: 'profile_consolidation',
  // A barge-in on the turn it is due must not lose what the person told.
  critical: true,
  cadence: { everyTurns: CONSOLIDATE_EVERY_TURNS, atSessionEnd: true },
  reads: ['messages', 'user_info', 'language', 'name_checked', 'name_confirmation', 'unseen_turns'],
  writes: ['user_info'],
  run(s, ports: ConsolidationPorts) {
    const facts = factsSaid(s);
    if (!hasFacts(facts)) return {};
    const { user_id, user_name } = s.user_info;
    const settled = user_id && user_name && s.name_checked && !s.name_confirmation;
    // The session's facts go in too: those told before the person was settled were kept there.
    const known = mergeFacts(s.user_info, facts);
    const user_info = settled ? userOfProfile(ports.people.preview({ user_id, user_name }, known)) : { ...s.user_info, ...known };
    ports.log.info({ turns: s.unseen_turns, facts: FACT_KEYS.filter((k) => k in facts), settled: Boolean(settled) }, 'profile consolidated');
    return { user_info };
  },
  effect(patch, state, ports) {
    const { user_id, user_name } = patch.user_info ?? {};
    if (!user_id || !user_name || !state.name_checked || state.name_confirmation) return;
    ports.people.save({ user_id, user_name }, factsOf(patch.user_info!));
  },
});
