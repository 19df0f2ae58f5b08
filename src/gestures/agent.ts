// Not from dialogue's index: the graph imports this agent, and the index imports the graph.
import { defineAgent } from '../dialogue/agent.js';
import type { Ports } from '../dialogue/ports.js';
import { detectAgreement } from './agreement.js';

/**
 * The robot nods when the user agrees or confirms (gestures.agreement). It runs right after
 * intent, so the nod comes while the reply is still being written, as a listener nods.
 */
export const agreementAgent = defineAgent({
  name: 'agreement',
  reads: ['user_text', 'gestures'],
  writes: ['gestures'],
  run(s, ports: Pick<Ports, 'config' | 'log'>) {
    const animation = ports.config.gestures.agreement;
    const agreement = animation ? detectAgreement(s.user_text) : null;
    if (!animation || !agreement) return {};
    ports.log.debug({ cue: agreement.cue, animation }, 'the user agrees');
    return { gestures: [...s.gestures, animation] };
  },
});
