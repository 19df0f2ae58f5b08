import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDialogueGraph } from '../../../src/dialogue/index.js';
import { warmUpTurns } from '../../../src/dialogue/warm-up-turns.js';
import { OnnxIntentClassifier } from '../../../src/intent/index.js';
import { MODELS_DIR, testConfig } from '../../helpers/config.js';
import { daemonPorts } from '../../helpers/ports.js';
import { regExpsBuilt } from '../../helpers/regexp-count.js';

const intentDir = path.join(MODELS_DIR, 'intent');

describe('a turn through the whole graph', () => {
  it('builds no regular expression of its own, in any of the five languages (greetings, introductions, a question, a farewell)', async () => {
    const config = testConfig();
    const intent = existsSync(path.join(intentDir, 'intent.onnx')) ? await OnnxIntentClassifier.load(intentDir) : null;
    const ports = daemonPorts(config, { intent });
    const graph = buildDialogueGraph(config);
    await warmUpTurns(graph, ports);
    let turns: Awaited<ReturnType<typeof warmUpTurns>> = [];
    const built = await regExpsBuilt(async () => {
      turns = await warmUpTurns(graph, ports);
    });
    expect(turns.length).toBeGreaterThan(10);
    expect(built).toBe(0);
  });
});
