import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseModelJson } from '../../../src/llm/index.js';

const Plan = z.object({ intent: z.enum(['first_greeting', 'continue_conversation']), language: z.string().nullable() });

describe('parsing JSON written by language models', () => {
  const cases: [string, string][] = [
    ['plain JSON', '{"intent": "first_greeting", "language": null}'],
    ['a ```json fence', 'Sure!\n```json\n{"intent": "first_greeting", "language": null}\n```\nHope that helps.'],
    ['a bare fence', '```\n{"intent":"first_greeting","language":null}\n```'],
    ['prose before and after', 'Here is my answer: {"intent": "first_greeting", "language": null} -- done'],
    ['single quotes', "{'intent': 'first_greeting', 'language': None}"],
    ['a trailing comma', '{"intent": "first_greeting", "language": null,}'],
    ['Python literals', "{'intent': 'first_greeting', 'language': None}"],
    ['a truncated stream', '{"intent": "first_greeting", "language": null'],
    ['braces inside strings', 'note {"intent": "first_greeting", "language": "}{"}'],
  ];
  for (const [what, raw] of cases) {
    it(`reads ${what}`, () => {
      const result = parseModelJson(raw, Plan);
      expect(result.ok, result.ok ? '' : result.error).toBe(true);
      expect(result.ok && result.value.intent).toBe('first_greeting');
    });
  }

  it('reports output without JSON, and JSON of the wrong shape', () => {
    expect(parseModelJson('I think the user is greeting me.', Plan)).toEqual({ ok: false, error: 'no JSON object in the model output' });
    const wrong = parseModelJson('{"intent": "dance", "language": null}', Plan);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.error).toMatch(/intent/);
  });

  it('extracts arrays as well as objects', () => {
    const Steps = z.array(z.object({ tool: z.string() }).strict());
    expect(parseModelJson('steps: [{"tool": "vision"}] ok', Steps)).toEqual({ ok: true, value: [{ tool: 'vision' }] });
  });

  it("reads the answer, not a reasoning model's thoughts, even when they hold JSON or never close", () => {
    const thought = '<think>The user greets me, so maybe {"intent": "end_conversation", "language": null}? No.</think>\n{"intent": "first_greeting", "language": "en"}';
    expect(parseModelJson(thought, Plan)).toEqual({ ok: true, value: { intent: 'first_greeting', language: 'en' } });
    expect(parseModelJson('<thinking>{"intent": "first_greeting", "language": null}', Plan)).toEqual({ ok: false, error: 'no JSON object in the model output' });
  });
});
