import { z } from 'zod';
import type { LlmMessage } from '../../llm/index.js';
import { foldName } from '../names.js';
import { mergeFacts, type ProfileFacts } from '../profile.js';

/** What the extraction model answers; every field may be null (not said). */
export const LlmExtractionSchema = z.object({
  user_name: z.string().nullish(),
  current_company: z.string().nullish(),
  current_position: z.string().nullish(),
  location: z.string().nullish(),
  hobbies: z.array(z.string()).nullish(),
  interests: z.array(z.string()).nullish(),
  /** Only when the robot asked "Is your name X?": the person's answer. */
  answer: z.enum(['yes', 'no', 'unclear']).nullish(),
});
export type LlmExtraction = z.infer<typeof LlmExtractionSchema>;

const INSTRUCTIONS = `You extract facts a person states about THEMSELVES while talking to a receptionist robot.
Answer with JSON only:
{"user_name": their name or null, "current_company": where they work or null, "current_position": their job title or null,
 "location": the city or country they live in (or come from) or null, "hobbies": [activities they do for fun],
 "interests": [topics they like or are interested in], "answer": "yes" | "no" | "unclear" | null}
Rules:
- Only facts the person says about themselves in their last message. Never guess; use null or [] when not said.
- Keep names and places as the person said them. Do not translate. Short values, no sentences.
- "I'm tired", "I'm fine", "I'm a bit late" are not names.
- The robot's own name is not the person's name.
- "answer" is only for when the robot has just asked whether a name is right: "yes" if they confirm, "no" if they deny, else "unclear". Otherwise null.`;

export interface LlmExtractionContext {
  text: string;
  robotName: string;
  /** The robot's last words, for answers such as a bare "Alex." */
  lastRobotMessage: string | null;
  /** The name the robot just asked about ("Is your name Alice?"), if any. */
  askedName: string | null;
}

export function extractionPrompt(ctx: LlmExtractionContext): LlmMessage[] {
  const lines = [`The robot is called ${ctx.robotName}.`];
  if (ctx.askedName) lines.push(`The robot just asked: "Is your name ${ctx.askedName}?"`);
  else if (ctx.lastRobotMessage) lines.push(`The robot last said: "${ctx.lastRobotMessage}"`);
  lines.push(`The person says: "${ctx.text}"`);
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: lines.join('\n') },
  ];
}

const PLACEHOLDER = /^(?:null|none|n\/?a|unknown|not (?:said|given|mentioned|stated)|-|user|the user|the person|person|they|them)$/i;

function value(text: string | null | undefined, max: number): string | null {
  const v = text?.trim().replace(/\s+/g, ' ');
  return v && v.length <= max && !PLACEHOLDER.test(v) ? v : null;
}

function list(items: readonly string[] | null | undefined): string[] {
  return (items ?? []).map((i) => value(i, 60)).filter((i): i is string => i !== null).slice(0, 10);
}

/**
 * Distrusts the model where a mistake is costly: a name it returns must appear in what the person
 * said (models like to fill in the robot's name or the name it just asked about), and placeholders
 * ("unknown", "N/A") are dropped.
 */
export function sanitizeExtraction(raw: LlmExtraction, ctx: LlmExtractionContext): { user_name: string | null; facts: ProfileFacts } {
  let user_name = value(raw.user_name, 200);
  const said = foldName(ctx.text);
  if (user_name) {
    const folded = foldName(user_name);
    const inText = said.includes(folded) || folded.split(' ').every((part) => said.includes(part));
    if (!inText || folded === foldName(ctx.robotName)) user_name = null;
  }
  const facts = mergeFacts({
    current_company: value(raw.current_company, 100),
    current_position: value(raw.current_position, 100),
    location: value(raw.location, 100),
    hobbies: list(raw.hobbies),
    interests: list(raw.interests),
  });
  return { user_name, facts };
}
