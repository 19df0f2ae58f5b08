import { asksToLook, asksToSearch, cleanPlan, enabledTools, LlmPlanSchema, plannerMessages, stepsOf, type Tool } from '../../planning/index.js';
import { askModel } from '../../llm/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

type PlanPorts = Pick<Ports, 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId'>;

/** No tools when the person is leaving or only asking for another language. */
const NO_TOOLS = new Set(['end_conversation', 'language_change']);

/**
 * The tools to use before answering, in order: the camera (vision) and the web (search). The
 * language model plans (agent "planner", JSON parsed leniently and checked); without one, when it
 * fails, or with plan.useModel off, rules do: asking to look → vision; a web search asked for →
 * search. Tools that are off are never planned.
 */
export const planAgent = defineAgent({
  name: 'plan',
  reads: ['standalone_question', 'user_text', 'intent'],
  writes: ['plan_steps', 'plan_source'],
  async run(s, ports: PlanPorts) {
    const question = s.standalone_question ?? s.user_text;
    const enabled = enabledTools(ports.config);
    if (enabled.length === 0 || (s.intent && NO_TOOLS.has(s.intent)) || !question.trim()) return { plan_steps: [], plan_source: null };
    const limits = { enabled, question, maxSteps: ports.config.plan.maxSteps };

    if (ports.config.plan.useModel) {
      const asked = await askModel(ports, { agent: 'plan', fallback: 'planning by rules' }, (llm, base) =>
        llm.json({ ...base, messages: plannerMessages(question, enabled) }, LlmPlanSchema),
      );
      if (asked.ok) {
        const plan = cleanPlan(stepsOf(asked.value), limits);
        ports.log.debug({ plan, raw: stepsOf(asked.value) }, 'planned');
        return { plan_steps: plan, plan_source: 'llm' as const };
      }
    }
    const steps: { tool: Tool; query: string }[] = [];
    if (enabled.includes('vision') && asksToLook(s.user_text)) steps.push({ tool: 'vision', query: s.user_text });
    if (enabled.includes('search') && asksToSearch(s.user_text)) steps.push({ tool: 'search', query: question });
    const plan = cleanPlan(steps, limits);
    ports.log.debug({ plan }, 'planned by rules');
    return { plan_steps: plan, plan_source: 'rules' as const };
  },
});
