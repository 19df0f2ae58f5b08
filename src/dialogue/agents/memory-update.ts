import { askModel } from '../../llm/index.js';
import {
  askedCandidate,
  decideUpdate,
  extractionRequest,
  factsOf,
  foldName,
  hasFacts,
  LlmExtractionSchema,
  mergeFacts,
  userOfProfile,
  type ProfileFacts,
  type UpdatePlan,
  withModelExtraction,
} from '../../people/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import type { TurnState } from '../state.js';

type MemoryUpdatePorts = Pick<Ports, 'people' | 'perception' | 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId'>;
type Patch = Partial<Pick<TurnState, 'user_info' | 'name_confirmation' | 'name_checked' | 'name_resolution'>>;

const NONE = { status: 'none', candidate: null } as const;

/**
 * On update_user_info (or while a name confirmation is pending): extracts what the person said
 * about themselves, resolves their name against everyone known, and either asks "Is your name
 * …?" (nothing saved or published while it is ambiguous) or settles who they are. Its effect
 * saves the profile and tells perception once, through face_recognition/user_info.
 */
export const memoryUpdateAgent = defineAgent({
  name: 'memory_update',
  // What the person told about themselves is kept even when a barge-in cancels the reply.
  critical: true,
  reads: ['user_text', 'messages', 'user_info', 'name_confirmation', 'language'],
  writes: ['user_info', 'name_confirmation', 'name_checked', 'name_resolution'],
  async run(s, ports: MemoryUpdatePorts): Promise<Patch> {
    const asked = askedCandidate(s.name_confirmation);
    const request = extractionRequest({
      text: s.user_text,
      language: s.language,
      robotName: ports.config.persona.name,
      lastRobotMessage: s.messages.slice(0, -1).findLast((m) => m.role === 'assistant')?.content ?? null,
      askedName: asked?.user_name ?? null,
      currentName: s.user_info.user_name,
    });
    const answer = await askModel(ports, { agent: 'memory_update', fallback: 'using the phrase rules' }, (llm, base) =>
      llm.json({ ...base, messages: request.messages }, LlmExtractionSchema),
    );
    const extraction = answer.ok ? withModelExtraction(request.offline, answer.value, request.context) : request.offline;
    const plan = decideUpdate({
      user: s.user_info,
      pending: s.name_confirmation,
      statedName: extraction.user_name,
      facts: extraction.facts,
      answer: extraction.answer,
      rejectedName: extraction.rejected_name,
      spelled: extraction.spelled,
      nameFromSpeech: saidInConversation(s.user_info.user_name, s.messages.slice(0, -1)),
      known: ports.people.knownUsers(),
      thresholds: ports.config.people.nameMatch,
    });
    ports.log.info(
      { plan: plan.kind, source: extraction.source, stated_name: extraction.user_name, rejected_name: extraction.rejected_name ?? undefined, answer: asked ? extraction.answer : undefined, facts: Object.keys(extraction.facts) },
      'memory update',
    );
    return apply(plan, s, ports);
  },
  // A person with a profile has it saved (renamed, when their name was corrected); a settled name
  // is told to perception, once.
  effect(patch, _state, ports) {
    const { user_id, user_name } = patch.user_info ?? {};
    if (!user_id || !user_name) return;
    if (patch.name_resolution?.status === 'corrected') ports.people.rename({ user_id, user_name }, factsOf(patch.user_info!));
    else ports.people.save({ user_id, user_name }, factsOf(patch.user_info!));
    if (patch.name_resolution && SETTLED.has(patch.name_resolution.status)) ports.perception.userSettled({ user_id, user_name });
  },
});

/** Whether the person said this name earlier in the conversation (rather than perception giving it). */
function saidInConversation(name: string | null, earlier: TurnState['messages']): boolean {
  const folded = name ? foldName(name) : '';
  return !!folded && earlier.some((m) => m.role === 'user' && foldName(m.content).includes(folded));
}

const SETTLED = new Set<TurnState['name_resolution']['status']>(['confirmed', 'matched', 'new_user', 'corrected']);

function apply(plan: UpdatePlan, s: Pick<TurnState, 'user_info'>, ports: MemoryUpdatePorts): Patch {
  switch (plan.kind) {
    case 'facts':
      if (!hasFacts(plan.facts)) return { name_resolution: NONE };
      return { user_info: withFacts(s.user_info, plan.facts, ports), name_resolution: NONE };
    case 'ask':
      return {
        name_confirmation: plan.confirmation,
        name_checked: false,
        name_resolution: { status: 'asking', candidate: askedCandidate(plan.confirmation) },
      };
    case 'link': {
      const { user_id, user_name, score } = plan.user;
      const user = userOfProfile(ports.people.preview({ user_id, user_name }, plan.facts));
      return settled(user, { status: plan.status, candidate: { user_id, user_name, score } }, ports);
    }
    case 'create': {
      const user = userOfProfile(ports.people.preview({ user_id: ports.people.newId(plan.name), user_name: plan.name }, plan.facts));
      return settled(user, { status: 'new_user', candidate: null }, ports);
    }
    case 'rename': {
      const profile = ports.people.preview(plan.user, plan.facts);
      return settled(userOfProfile({ ...profile, user_name: plan.user.user_name }), { status: 'corrected', candidate: null }, ports);
    }
  }
}

function settled(user: TurnState['user_info'], resolution: TurnState['name_resolution'], ports: MemoryUpdatePorts): Patch {
  ports.log.info({ user_id: user.user_id, status: resolution.status }, 'name settled');
  return { user_info: user, name_confirmation: null, name_checked: true, name_resolution: resolution };
}

/** Facts about the current person: merged into their profile when they have one, else kept in the session. */
function withFacts(user: TurnState['user_info'], facts: ProfileFacts, ports: MemoryUpdatePorts): TurnState['user_info'] {
  if (user.user_id && user.user_name) return userOfProfile(ports.people.preview({ user_id: user.user_id, user_name: user.user_name }, facts));
  return { ...user, ...mergeFacts(user, facts) };
}
