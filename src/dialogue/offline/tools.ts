import { languageName } from '../../intent/index.js';
import { answerExcerpt, spokenExcerpt } from '../../knowledge/index.js';
import type { TurnState } from '../state.js';
import { line, type OfflineContext } from './say.js';

export type ToolInput = Pick<TurnState, 'language'> & Partial<Pick<TurnState, 'knowledge_retrieval' | 'vision_results' | 'search_results'>>;

/** Longest knowledge excerpt spoken without a language model. */
const EXCERPT_CHARS = 320;

/**
 * The answer without a language model from what the
 * tools found. What the camera shows first (it is what was asked), then the knowledge files,
 * then the web; null when no tool has anything to say. Never invents: a failed look says so.
 */
export function toolAnswer(state: ToolInput, ctx: OfflineContext): string | null {
  const v = state.vision_results;
  if (v) {
    if (v.status === 'described' && v.description) return v.description;
    const key = ({ timeout: 'vision_timeout', no_perception: 'vision_no_camera', no_model: 'vision_no_model', failed: 'vision_failed', described: 'vision_failed' } as const)[v.status];
    return line(key, state.language, ctx);
  }
  const best = state.knowledge_retrieval?.hits[0];
  if (best) {
    // The knowledge base answers in the visitor's language where the section has that version;
    // a section only in another language is not read out in this one: the robot offers to say it.
    if (best.language && best.language !== state.language) {
      return line('knowledge_other_language', state.language, ctx, { language: languageName(best.language, state.language) });
    }
    return answerExcerpt(best.text, state.knowledge_retrieval?.query ?? '', state.language, EXCERPT_CHARS, best.headings.at(-1));
  }
  const r = state.search_results;
  if (r) {
    if (r.status === 'failed') return line('search_failed', state.language, ctx);
    const found = r.answers[0] ?? r.results[0]?.snippet;
    if (found) return line('search_found', state.language, ctx, { text: spokenExcerpt(found, state.language, EXCERPT_CHARS) });
  }
  return null;
}
