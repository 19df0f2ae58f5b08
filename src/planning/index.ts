export { contextualizeByRules, mayLeanOnHistory } from './context.js';
export type { HistoryMessage } from './context.js';
export { contextualizerMessages, LlmPlanSchema, LlmStandaloneSchema, plannerMessages, stepsOf } from './prompts.js';
export type { LlmPlan } from './prompts.js';
export { asksToLook, asksToSearch, normalizeUtterance } from './rules.js';
export { cleanPlan, enabledTools, PlanSourceSchema, PlanStepSchema, TOOLS, ToolSchema } from './steps.js';
export type { PlanSource, PlanStep, Tool } from './steps.js';
