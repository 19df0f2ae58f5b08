import { askModel } from '../../llm/index.js';
import {
  askedCandidate,
  correctsCurrentName,
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
  nameSimilarity,
  statesOwnName,
  withModelExtraction,
} from '../../people/index.js';
import { defineAgent } from '../agent.js';
import { asksSomething } from '../../language/index.js';
import type { Ports } from '../ports.js';
import type { TurnState } from '../state.js';

type MemoryUpdatePorts = Pick<Ports, 'people' | 'perception' | 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId'>;
type Patch = Partial<Pick<TurnState, 'user_info' | 'name_confirmation' | 'name_checked' | 'name_resolution' | 'name_doubt'>>;

/** Whether the person tells about themselves this turn (a greeting may, "Hi, I'm Martin!"): then memory_update runs. */
export function toldAboutThemselves(s: Pick<TurnState, 'intent' | 'user_text' | 'language'>, robotName?: string): boolean {
  // A self-introduction the intent model misread ("Appelez-moi simplement Isabel." as conversation) still is one.
  // The robot's own name said to address it ("Bonjour Nadine, je cherche…") is no introduction.
  return s.intent === 'update_user_info' || statesOwnName(s.user_text, s.language, robotName);
}

/** Whether the person puts right the name the robot just called them ("No, not Anne. It's Hanne.", "Nein, Katrin."). */
export function correctsSettledName(s: Pick<TurnState, 'user_text' | 'language' | 'messages' | 'user_info'>): boolean {
  return s.user_info.user_name !== null && correctsCurrentName(extractionInput(s, null, null));
}

const NONE = { status: 'none', candidate: null } as const;

/**
 * On update_user_info (or while a name confirmation is pending): extracts what the person said
 * about themselves, resolves their name against everyone known, and either asks "Is your name
 * …?" (nothing saved or published while it is ambiguous) or settles who they are. Its effect
 * saves the profile and tells perception once, through face_recognition/user_info.
 *
 * By the phrase rules, so that nothing but the reply's own call stands before the first word: the
 * language model reads the utterance after the reply (profile_refine) and adds what the rules
 * missed. The model is asked here only for a yes/no to "Is your name …?" the rules find unclear
 * (a wrong "yes" would merge two people).
 */
export const memoryUpdateAgent = defineAgent({
  name: 'memory_update',
  // What the person told about themselves is kept even when a barge-in cancels the reply.
  critical: true,
  reads: ['user_text', 'messages', 'user_info', 'name_confirmation', 'name_doubt', 'language'],
  writes: ['user_info', 'name_confirmation', 'name_checked', 'name_resolution', 'name_doubt'],
  async run(s, ports: MemoryUpdatePorts): Promise<Patch> {
    const asked = askedCandidate(s.name_confirmation);
    // The reply before this one asked whether the model's reading of the name was right.
    const doubt = s.name_doubt?.asked ? s.name_doubt.name : null;
    const request = extractionRequest(extractionInput(s, ports, asked?.user_name ?? doubt));
    let extraction = request.offline;
    if (asked && extraction.answer === 'unclear') {
      const answer = await askModel(ports, { agent: 'memory_update', fallback: 'using the phrase rules' }, (llm, base) =>
        llm.json({ ...base, messages: request.messages }, LlmExtractionSchema),
      );
      if (answer.ok) extraction = withModelExtraction(request.offline, answer.value, request.context);
    }
    const thresholds = ports.config.people.nameMatch;
    const current = s.user_info.user_name;
    // "Yes" to the doubted name (or saying it): the person gave it, so a name settled from what
    // they said before is corrected; anything else leaves the name as it was.
    const confirmsDoubt = doubt !== null && (extraction.user_name ? nameSimilarity(extraction.user_name, doubt) >= thresholds.high : extraction.answer === 'yes');
    const statedName = confirmsDoubt ? doubt : extraction.user_name;
    const rejectedName = confirmsDoubt && current && nameSimilarity(current, doubt) < thresholds.high ? current : extraction.rejected_name;
    const plan = decideUpdate({
      user: s.user_info,
      pending: s.name_confirmation,
      statedName,
      facts: extraction.facts,
      answer: extraction.answer,
      rejectedName,
      spelled: extraction.spelled,
      nameFromSpeech: saidInConversation(current, s.messages.slice(0, -1)),
      asksSomethingElse: asksSomething(s.user_text),
      known: ports.people.knownUsers(),
      thresholds,
    });
    ports.log.info(
      { plan: plan.kind, source: extraction.source, stated_name: statedName, rejected_name: rejectedName ?? undefined, answer: asked || doubt ? extraction.answer : undefined, doubt: doubt ? confirmsDoubt : undefined, facts: Object.keys(extraction.facts) },
      'memory update',
    );
    return { ...apply(plan, s, ports), ...(s.name_doubt?.asked && { name_doubt: null }) };
  },
  effect: saveProfile,
});

/** What the extraction reads of a turn; `askedName`: the name a question to the person was about. */
export function extractionInput(s: Pick<TurnState, 'user_text' | 'language' | 'messages' | 'user_info'>, ports: Pick<Ports, 'config'> | null, askedName: string | null) {
  return {
    text: s.user_text,
    language: s.language,
    robotName: ports?.config.persona.name ?? '',
    lastRobotMessage: s.messages.slice(0, -1).findLast((m) => m.role === 'assistant')?.content ?? null,
    askedName,
    currentName: s.user_info.user_name,
  };
}

/**
 * The one effect of what the person told about themselves: a person with a profile has it saved
 * (renamed, when their name was corrected); a settled name is told to perception, once.
 */
export function saveProfile(patch: Patch, _state: unknown, ports: Pick<Ports, 'people' | 'perception'>): void {
  const { user_id, user_name } = patch.user_info ?? {};
  if (!user_id || !user_name) return;
  if (patch.name_resolution?.status === 'corrected') ports.people.rename({ user_id, user_name }, factsOf(patch.user_info!));
  else ports.people.save({ user_id, user_name }, factsOf(patch.user_info!));
  if (patch.name_resolution && SETTLED.has(patch.name_resolution.status)) ports.perception.userSettled({ user_id, user_name });
}

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
export function withFacts(user: TurnState['user_info'], facts: ProfileFacts, ports: MemoryUpdatePorts): TurnState['user_info'] {
  if (user.user_id && user.user_name) return userOfProfile(ports.people.preview({ user_id: user.user_id, user_name: user.user_name }, facts));
  return { ...user, ...mergeFacts(user, facts) };
}
