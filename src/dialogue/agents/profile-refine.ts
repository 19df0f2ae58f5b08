import { askModel } from '../../llm/index.js';
import {
  extractionRequest,
  FACT_KEYS,
  hasFacts,
  LlmExtractionSchema,
  looksLikeName,
  nameSimilarity,
  sanitizeExtraction,
  type ProfileFacts,
} from '../../people/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import type { TurnState } from '../state.js';
import { extractionInput, saveProfile, toldAboutThemselves, withFacts } from './memory-update.js';

type RefinePorts = Pick<Ports, 'people' | 'perception' | 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId'>;

/**
 * After the reply, beside the wave: the language model reads what the person said about
 * themselves, which memory_update read by the phrase rules before the reply, and adds what the
 * rules missed: facts they did not find are merged and saved through memory_update's own effect.
 * A name the model reads differently is never adopted silently: it becomes a doubt that the next
 * reply asks about, and the person's answer settles it (memory_update). The rules' values win.
 */
export const profileRefineAgent = defineAgent({
  name: 'profile_refine',
  // What the person told is kept even when a barge-in cancels the turn.
  critical: true,
  reads: ['intent', 'user_text', 'messages', 'user_info', 'language', 'name_confirmation', 'name_checked', 'name_resolution', 'name_doubt'],
  writes: ['user_info', 'name_doubt'],
  async run(s, ports: RefinePorts): Promise<Partial<Pick<TurnState, 'user_info' | 'name_doubt'>>> {
    // This turn's reply asked about the doubt: the person's next words answer it.
    const asked = s.name_doubt && !s.name_doubt.asked ? { name_doubt: { ...s.name_doubt, asked: true } } : {};
    // A confirmation question is settled by the rules (and the model, for an unclear answer) before the reply.
    if (!toldAboutThemselves(s, ports.config.persona.name) || s.name_confirmation || s.name_resolution.status === 'asking' || !ports.llm.available('memory_update')) return asked;
    const request = extractionRequest(extractionInput(s, ports, null));
    const answer = await askModel(ports, { agent: 'memory_update', fallback: 'the rules’ reading stands' }, (llm, base) =>
      // After the reply: the next turn's calls go first.
      llm.json({ ...base, background: true, messages: request.messages }, LlmExtractionSchema),
    );
    if (!answer.ok) return asked;
    const model = sanitizeExtraction(answer.value, request.context);
    const added = addedFacts(request.offline.facts, model.facts);
    const current = s.user_info.user_name;
    const rejected = request.offline.rejected_name;
    const heard = looksLikeName(model.user_name) && !(rejected && nameSimilarity(model.user_name, rejected) >= ports.config.people.nameMatch.high) ? model.user_name : null;
    const doubt = heard && (!current || nameSimilarity(heard, current) < ports.config.people.nameMatch.high) ? { name: heard, asked: false } : null;
    ports.log.info({ added: FACT_KEYS.filter((k) => k in added), doubt: doubt !== null }, 'profile refined by the language model');
    return {
      ...asked,
      ...(hasFacts(added) && { user_info: withFacts(s.user_info, added, ports) }),
      ...(doubt && { name_doubt: doubt }),
    };
  },
  // The person is saved only once settled; before that the facts wait in the session.
  effect(patch, state, ports) {
    if (!state.name_checked || state.name_confirmation) return;
    saveProfile(patch, state, ports);
  },
});

/** What the model found that the rules did not: a value the rules have stays theirs; list items are added. */
export function addedFacts(rules: ProfileFacts, model: ProfileFacts): ProfileFacts {
  const out: ProfileFacts = {};
  for (const key of FACT_KEYS) {
    const value = model[key];
    if (Array.isArray(value)) {
      const had = new Set(((rules[key] as string[] | undefined) ?? []).map((v) => v.toLowerCase()));
      const more = value.filter((v) => !had.has(v.toLowerCase()));
      if (more.length) (out as Record<string, string[]>)[key] = more;
    } else if (value && !rules[key]) (out as Record<string, string>)[key] = value;
  }
  return out;
}
