import { detectAgreement } from '../../gestures/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

/**
 * The robot nods when the user agrees or confirms (gestures.agreement). It runs right after
 * intent, so the nod comes while the reply is still being written, as a listener nods.
 */
export const agreementAgent = defineAgent({
  name: 'agreement',
  reads: ['user_text'],
  writes: ['gestures'],
  run(s, ports: Pick<Ports, 'config' | 'log'>) {
    const animation = ports.config.gestures.agreement;
    const agreement = animation ? detectAgreement(s.user_text) : null;
    if (!animation || !agreement) return {};
    ports.log.debug({ cue: agreement.cue, animation }, 'the user agrees');
    return { gestures: [animation] };
  },
});
