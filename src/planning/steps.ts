import { z } from 'zod';
import type { Config } from '../config/index.js';

/**
 * The tools a plan can use: those that cost a round trip outside the process (the camera, the
 * web). The knowledge files are searched on the device in the recall step, never planned.
 */
export const TOOLS = ['vision', 'search'] as const;
export const ToolSchema = z.enum(TOOLS);
export type Tool = z.infer<typeof ToolSchema>;

/** One step of a plan: a typed request for a tool agent. */
export const PlanStepSchema = z.object({
  tool: ToolSchema,
  /** What to look for (search) or what to find out about the view (vision): a standalone question. */
  query: z.string().min(1).max(500),
});
export type PlanStep = z.infer<typeof PlanStepSchema>;

/** Who made the plan: the language model, or the rule-based planner (no model, or it failed). */
export const PlanSourceSchema = z.enum(['llm', 'rules']);
export type PlanSource = z.infer<typeof PlanSourceSchema>;

/**
 * The tools this robot may use: switched on, and able to run (search needs a SearXNG url).
 * A tool that is not here is never planned.
 */
export function enabledTools(config: Pick<Config, 'agents' | 'search'>): Tool[] {
  const on: Record<Tool, boolean> = {
    vision: config.agents.vision,
    search: config.agents.search && config.search.url !== null,
  };
  return TOOLS.filter((t) => on[t]);
}

/** Names models use for the tools (the reference robot's agent names among them). */
const ALIASES: Record<string, Tool> = {
  vision: 'vision',
  camera: 'vision',
  look: 'vision',
  see: 'vision',
  search: 'search',
  web_search: 'search',
  websearch: 'search',
  web: 'search',
  internet: 'search',
};

/** "Knowledge_RAG_agent", "vision-tool", "web search" → the tool, or null. */
function toolFromName(name: string): Tool | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/_(agent|tool)$/, '');
  // Own keys only: a model naming "constructor" or "toString" named no tool.
  return Object.hasOwn(ALIASES, key) ? ALIASES[key]! : null;
}

/**
 * A plan made safe: known and enabled tools only, each at most once (its first step), a query
 * for each (the question itself when the step has none), at most `maxSteps`.
 */
export function cleanPlan(
  steps: readonly { tool: string; query?: string | null | undefined }[],
  options: { enabled: readonly Tool[]; question: string; maxSteps: number },
): PlanStep[] {
  const plan: PlanStep[] = [];
  for (const step of steps) {
    const tool = toolFromName(step.tool);
    if (!tool || !options.enabled.includes(tool) || plan.some((p) => p.tool === tool)) continue;
    const query = (step.query?.trim() || options.question.trim()).slice(0, 500);
    if (query) plan.push({ tool, query });
    if (plan.length >= options.maxSteps) break;
  }
  return plan;
}
