import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVisit } from '../../../src/eval/index.js';
import { REPO } from '../../helpers/config.js';

describe('a logged visit read for replay', () => {
  it("gives the robot's own greeting the detection that started it, though the log writes that detection after the turn began", () => {
    const visit = readVisit(path.join(REPO, 'eval', 'replays', 'returning-visitor.jsonl'));
    const [greeting, hello] = visit.turns;
    expect(greeting!.user_text).toBe('');
    // Played back with the next utterance instead, the greeting and "Hello!" would race.
    expect(greeting!.detections.map((d) => d.user_id)).toEqual(['ada-7f3a2c']);
    expect(hello!.user_text).toBe('Hello!');
    expect(hello!.detections).toEqual([]);
  });

});
