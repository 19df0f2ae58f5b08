import { asksToLook, asksToSearch, cleanPlan, enabledTools, LlmPlanSchema, plannerMessages, stepsOf, type PlanStep, type Tool } from '../../planning/index.js';
import { defineAgent } from '../agent.js';
import { asksSomething } from '../offline/affect.js';
import type { Ports } from '../ports.js';

type PlanPorts = Pick<Ports, 'llm' | 'config' | 'knowledge' | 'log' | 'metrics' | 'signal'>;

/** No tools when the person is leaving or only asking for another language. */
const NO_TOOLS = new Set(['end_conversation', 'language_change']);
/** Sections of the knowledge base named in the planner's prompt. */
const TOPICS_IN_PROMPT = 40;

/**
 * SPEC step 5: the tools to use before answering, in order. The language model plans (agent
 * "planner", JSON parsed leniently and checked); without one, when it fails, or with
 * agents.planner off, rules do: asking to look → vision; a web search asked for → search;
 * otherwise knowledge when something is asked and the knowledge base has a section about it.
 * Tools that are off are never planned.
 */
export const planAgent = defineAgent({
  name: 'plan',
  reads: ['standalone_question', 'user_text', 'intent'],
  writes: ['plan_steps', 'plan_source'],
  async run(s, ports: PlanPorts) {
    const question = s.standalone_question ?? s.user_text;
    const enabled = enabledTools(ports.config);
    if (enabled.length === 0 || (s.intent && NO_TOOLS.has(s.intent)) || !question.trim()) return { plan_steps: [], plan_source: null };
    const limits = { enabled, question, maxSteps: ports.config.planner.maxSteps };

    if (ports.config.agents.planner && ports.llm.available('planner')) {
      const started = performance.now();
      try {
        const topics = ports.knowledge?.topics(TOPICS_IN_PROMPT) ?? [];
        const answer = await ports.llm.json({ agent: 'planner', messages: plannerMessages(question, enabled, topics), signal: ports.signal }, LlmPlanSchema);
        const plan = cleanPlan(stepsOf(answer), limits);
        ports.log.debug({ plan, raw: stepsOf(answer) }, 'planned');
        return { plan_steps: plan, plan_source: 'llm' as const };
      } catch (err) {
        if (ports.signal.aborted) throw err;
        ports.log.warn({ err: (err as Error).message }, 'planner: language model failed; planning by rules');
      } finally {
        ports.metrics.model('planner', performance.now() - started);
      }
    }
    const steps: { tool: Tool; query: string }[] = [];
    const looks = enabled.includes('vision') && asksToLook(s.user_text);
    if (looks) steps.push({ tool: 'vision', query: s.user_text });
    // The current view is what a "what do you see" question is about, not the robot's documentation.
    // A greeting or a person telling their name is not a question about the robot, even when the
    // knowledge files have a section on greetings or names: knowledge only for what is asked.
    else if (enabled.includes('knowledge') && ports.knowledge && asking(s) && (await knows(question, ports))) steps.push({ tool: 'knowledge', query: question });
    if (enabled.includes('search') && asksToSearch(s.user_text)) steps.push({ tool: 'search', query: question });
    const plan: PlanStep[] = cleanPlan(steps, limits);
    ports.log.debug({ plan }, 'planned by rules');
    return { plan_steps: plan, plan_source: 'rules' as const };
  },
});

const asking = (s: { intent: string | null; user_text: string }) => s.intent === 'continue_conversation' || asksSomething(s.user_text);

async function knows(question: string, ports: PlanPorts): Promise<boolean> {
  // The same search as the knowledge agent's (same question, same number of chunks): it reuses this answer.
  const found = await ports.knowledge!.search(question, { log: ports.log, signal: ports.signal });
  if (found.modelMs) ports.metrics.model('plan', found.modelMs);
  return found.hits.length > 0;
}
