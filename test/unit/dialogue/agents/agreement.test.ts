import { describe, expect, it } from 'vitest';
import { newSession, startTurn, step } from '../../../../src/dialogue/index.js';
import { agreementAgent } from '../../../../src/dialogue/agents/agreement.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';

describe('the agreement agent', () => {
  const turn = (text: string, gestures: string[] = []) => ({ ...startTurn(newSession('en'), 't', text, null), gestures });

  it('appends the configured nod when the user agrees, after the gestures already decided', async () => {
    const ports = turnPorts(testConfig());
    expect(await step(agreementAgent, turn('Yes, exactly.', ['SMILE']), ports)).toEqual({ gestures: ['SMILE', 'NOD_YES'] });
    expect(await step(agreementAgent, turn('Where is the lift?'), ports)).toEqual({});
  });

  it('follows the configuration: another animation, or none', async () => {
    expect(await step(agreementAgent, turn('Genau.'), turnPorts(testConfig({ gestures: { agreement: 'HEAD_NOD' } })))).toEqual({ gestures: ['HEAD_NOD'] });
    expect(await step(agreementAgent, turn('Genau.'), turnPorts(testConfig({ gestures: { agreement: null } })))).toEqual({});
  });
});
