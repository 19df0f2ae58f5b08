import { z } from 'zod';
import type { LlmMessage } from '../llm/index.js';
import type { HistoryMessage } from './context.js';
import type { Tool } from './steps.js';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

// ---- contextualizer ----

const CONTEXTUALIZER = `You rewrite the last message of a conversation with a receptionist robot as a standalone question or request that can be understood without the conversation.
Resolve words that refer back ("it", "that", "there", "the second one") from the conversation; keep the person's language and otherwise their wording; add nothing else.
If the last message is already standalone, return it unchanged.
Answer with JSON only: {"question": "..."}`;

export const LlmStandaloneSchema = z.union([z.object({ question: z.string() }), z.object({ standalone_question: z.string() })]);

export function contextualizerMessages(history: readonly HistoryMessage[], text: string): LlmMessage[] {
  const lines = history.map((m) => `${m.role === 'user' ? 'Person' : 'Robot'}: ${clip(m.content.replace(/\s+/g, ' '), 400)}`);
  return [
    { role: 'system', content: CONTEXTUALIZER },
    { role: 'user', content: `Conversation:\n${lines.join('\n')}\n\nLast message: "${clip(text, 1000)}"` },
  ];
}

// ---- planner ----

const TOOL_DESCRIPTIONS: Record<Tool, string> = {
  vision: "vision: look through the robot's camera now, to answer about what is in front of it (the person, what they hold or wear, the room)",
  search: 'search: search the web, for current events or facts the robot cannot know otherwise (news, weather, public facts)',
};

/** A step as models write it: an object with the tool under some name, or just the tool's name. */
const LlmStepSchema = z.union([
  z.string(),
  z.object({
    tool: z.string().optional(),
    agent: z.string().optional(),
    name: z.string().optional(),
    query: z.string().nullish(),
    message: z.string().nullish(),
    question: z.string().nullish(),
  }),
]);
export const LlmPlanSchema = z.union([z.object({ steps: z.array(LlmStepSchema) }), z.object({ plan: z.array(LlmStepSchema) }), z.array(LlmStepSchema)]);
export type LlmPlan = z.infer<typeof LlmPlanSchema>;

/** The steps of a model's plan as {tool, query}, whatever shape it used. */
export function stepsOf(plan: LlmPlan): { tool: string; query: string | null }[] {
  const list = Array.isArray(plan) ? plan : 'steps' in plan ? plan.steps : plan.plan;
  return list.map((s) =>
    typeof s === 'string' ? { tool: s, query: null } : { tool: s.tool ?? s.agent ?? s.name ?? '', query: s.query ?? s.message ?? s.question ?? null },
  );
}

export function plannerMessages(question: string, tools: readonly Tool[]): LlmMessage[] {
  const described = tools.map((t) => `- ${TOOL_DESCRIPTIONS[t]}`);
  const system = `You decide which tools a receptionist robot uses before it answers what a person said. The tools:
${described.join('\n')}
Answer with JSON only: {"steps": [{"tool": one of ${tools.map((t) => `"${t}"`).join(', ')}, "query": "what to look for, as a short standalone question"}]}
List the steps in the order to run them. Use no tool ({"steps": []}) for greetings, small talk, opinions, questions about the robot itself, and what the person tells about themselves.`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: `The person says: "${clip(question, 1000)}"` },
  ];
}
