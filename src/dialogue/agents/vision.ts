import { LlmError, askModel } from '../../llm/index.js';
import { visionMessages, type VisionResult } from '../../vision/index.js';
import { defineAgent } from '../agent.js';
import { line } from '../offline/say.js';
import type { Ports } from '../ports.js';

type VisionPorts = Pick<Ports, 'camera' | 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId' | 'reply'>;

/**
 * Vision: asks perception for the current view, waits for the frame (bounded) and
 * has the vision model describe what the person asked about. Without perception, without a
 * vision model, or when no frame comes in time, the result says so, and the reply is honest
 * about it instead of inventing a description.
 */
export const visionAgent = defineAgent({
  name: 'vision',
  reads: ['plan_steps', 'turn_id', 'language'],
  writes: ['vision_results'],
  async run(s, ports: VisionPorts) {
    const step = s.plan_steps.find((p) => p.tool === 'vision');
    if (!step || !ports.camera) return { vision_results: null };
    const result = (status: VisionResult['status'], detail: string | null, more: Partial<VisionResult> = {}) => {
      const r: VisionResult = { status, query: step.query, description: null, frame: null, detail, ...more };
      ports.log[status === 'described' ? 'info' : 'warn']({ status, detail, frame: r.frame }, status === 'described' ? 'vision: described the view' : 'vision: no description');
      return { vision_results: r };
    };
    if (!ports.llm.available('vision') || !ports.llm.multimodal('vision')) {
      const why = ports.llm.available('vision') ? 'the vision profile is not multimodal' : 'the vision model is not available';
      return result('no_model', why);
    }
    // The person hears that the robot is looking while the frame comes and the model describes
    // it: the first words do not wait for the camera (the reply follows in the same breath).
    ports.reply.write(`${line('vision_looking', s.language, { robotName: ports.config.persona.name })} `, s.language);
    const capture = await ports.camera.capture(s.turn_id, { signal: ports.signal, log: ports.log });
    if (capture.status === 'no_perception') return result('no_perception', capture.detail);
    if (capture.status !== 'captured') return result(capture.status === 'timeout' ? 'timeout' : 'failed', capture.detail, { frame: capture.file });

    const asked = await askModel(ports, { agent: 'vision', fallback: 'the reply says so' }, (llm, base) =>
      llm.complete({ ...base, messages: visionMessages(step.query, s.language, capture.image.toString('base64')) }),
    );
    if (!asked.ok) {
      const missing = asked.error instanceof LlmError && (asked.error.kind === 'model_missing' || asked.error.kind === 'unavailable');
      return result(missing ? 'no_model' : 'failed', asked.error.message, { frame: capture.file });
    }
    const description = asked.value.replace(/\s+/g, ' ').trim().slice(0, ports.config.vision.maxDescriptionChars);
    if (!description) return result('failed', 'the vision model said nothing', { frame: capture.file });
    return result('described', null, { description, frame: capture.file });
  },
});
