import {
  askedCandidate,
  decideUpdate,
  extractProfile,
  hasFacts,
  mergeFacts,
  userOfProfile,
  type ProfileFacts,
  type UpdatePlan,
} from '../../people/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import type { TurnState } from '../state.js';

type MemoryUpdatePorts = Pick<Ports, 'people' | 'perception' | 'llm' | 'config' | 'log' | 'metrics' | 'signal'>;
type Patch = Partial<Pick<TurnState, 'user_info' | 'name_confirmation' | 'name_checked' | 'name_resolution'>>;

const NONE = { status: 'none', candidate: null } as const;

/**
 * SPEC step 2, on update_user_info (or while a name confirmation is pending): extracts what the
 * person said about themselves, resolves their name against everyone known, and either asks
 * "Is your name …?" (nothing saved or published while it is ambiguous) or settles who they are —
 * their profile saved, perception told once through face_recognition/user_info.
 */
export const memoryUpdateAgent = defineAgent({
  name: 'memory_update',
  // What the person told about themselves is kept even when a barge-in cancels the reply.
  critical: true,
  reads: ['user_text', 'messages', 'user_info', 'name_confirmation', 'language'],
  writes: ['user_info', 'name_confirmation', 'name_checked', 'name_resolution'],
  async run(s, ports: MemoryUpdatePorts): Promise<Patch> {
    const asked = askedCandidate(s.name_confirmation);
    const extraction = await extractProfile(
      {
        text: s.user_text,
        language: s.language,
        robotName: ports.config.persona.name,
        lastRobotMessage: s.messages.slice(0, -1).findLast((m) => m.role === 'assistant')?.content ?? null,
        askedName: asked?.user_name ?? null,
      },
      { llm: ports.llm, log: ports.log, signal: ports.signal, onModelMs: (ms) => ports.metrics.model('extraction', ms) },
    );
    const plan = decideUpdate({
      user: s.user_info,
      pending: s.name_confirmation,
      statedName: extraction.user_name,
      facts: extraction.facts,
      answer: extraction.answer,
      known: ports.people.knownUsers(),
      thresholds: ports.config.people.nameMatch,
    });
    ports.log.info(
      { plan: plan.kind, source: extraction.source, stated_name: extraction.user_name, answer: asked ? extraction.answer : undefined, facts: Object.keys(extraction.facts) },
      'memory update',
    );
    return apply(plan, s, ports);
  },
});

function apply(plan: UpdatePlan, s: Pick<TurnState, 'user_info'>, ports: MemoryUpdatePorts): Patch {
  switch (plan.kind) {
    case 'facts':
      return { user_info: rememberFacts(s.user_info, plan.facts, ports), name_resolution: NONE };
    case 'ask':
      return {
        name_confirmation: plan.confirmation,
        name_checked: false,
        name_resolution: { status: 'asking', candidate: askedCandidate(plan.confirmation) },
      };
    case 'link': {
      const { user_id, user_name, score } = plan.user;
      const profile = ports.people.save({ user_id, user_name }, plan.facts);
      return settled(userOfProfile(profile), { status: plan.status, candidate: { user_id, user_name, score } }, ports);
    }
    case 'create':
      return settled(userOfProfile(ports.people.create(plan.name, plan.facts)), { status: 'new_user', candidate: null }, ports);
  }
}

function settled(user: TurnState['user_info'], resolution: TurnState['name_resolution'], ports: MemoryUpdatePorts): Patch {
  if (user.user_id && user.user_name) ports.perception.userSettled({ user_id: user.user_id, user_name: user.user_name });
  ports.log.info({ user_id: user.user_id, status: resolution.status }, 'name settled');
  return { user_info: user, name_confirmation: null, name_checked: true, name_resolution: resolution };
}

/** Facts about the current person: into their profile when they have one, else kept in the session. */
function rememberFacts(user: TurnState['user_info'], facts: ProfileFacts, ports: MemoryUpdatePorts): TurnState['user_info'] {
  if (!hasFacts(facts)) return user;
  if (user.user_id && user.user_name) return userOfProfile(ports.people.save({ user_id: user.user_id, user_name: user.user_name }, facts));
  return { ...user, ...mergeFacts(user, facts) };
}
