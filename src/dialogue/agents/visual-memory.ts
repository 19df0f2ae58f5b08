import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

/** Nothing to recall when the person is leaving or only asking for another language. */
const NO_RECALL = new Set(['end_conversation', 'language_change']);

/**
 * Visual memory: the current user's remembered scene that best matches what was
 * said, if one reaches the threshold. Nothing for an unknown user, or one met this very turn: scenes are stored per user.
 */
export const visualMemoryAgent = defineAgent({
  name: 'visual_memory',
  reads: ['user_text', 'user_info', 'intent', 'name_resolution'],
  writes: ['visual_memory'],
  // The person's scene index refreshed and the utterance's CLIP vector computed beside intent.
  prefetch(s, ports) {
    if (ports.visualMemory && s.user_info.user_id && s.user_text.trim()) ports.visualMemory.prefetch?.(s.user_info.user_id, s.user_text);
  },
  async run(s, ports: Pick<Ports, 'visualMemory' | 'log' | 'metrics'>) {
    const userId = s.user_info.user_id;
    // Met this very turn (a new id): perception has stored no scene of them yet.
    if (!ports.visualMemory || !userId || s.name_resolution.status === 'new_user' || (s.intent && NO_RECALL.has(s.intent))) return { visual_memory: null };
    const recall = await ports.visualMemory.recall(userId, s.user_text, { log: ports.log });
    if (recall.modelMs) ports.metrics.model('visual_memory', recall.modelMs);
    if (recall.match) {
      const { scene_id, score, score_source } = recall.match;
      ports.log.info({ scene_id, score: Math.round(score * 1000) / 1000, score_source, candidates: recall.candidates }, 'visual memory: scene recalled');
    }
    return { visual_memory: recall.match };
  },
});
