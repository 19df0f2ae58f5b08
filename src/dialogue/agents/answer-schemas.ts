import type { z } from 'zod';
import { LlmAppraisalSchema } from '../../affect/index.js';
import type { LlmAgent } from '../../config/index.js';
import { LlmExtractionSchema } from '../../people/index.js';
import { LlmPlanSchema, LlmStandaloneSchema } from '../../planning/index.js';
import { LlmIntentSchema } from './intent.js';

/**
 * The structured answers the turn's agents ask the model for, by agent: the dialogue has them made
 * ready when it starts (an in-process model compiles a grammar per schema, about 400 ms each on
 * its first use), so that no visitor's turn waits for one. An agent that asks the model for a new
 * structured answer adds its schema here.
 */
export const AGENT_ANSWER_SCHEMAS: readonly (readonly [LlmAgent, z.ZodType])[] = [
  ['intent', LlmIntentSchema],
  ['memory_update', LlmExtractionSchema],
  ['appraisal', LlmAppraisalSchema],
  ['contextualize', LlmStandaloneSchema],
  ['plan', LlmPlanSchema],
];
