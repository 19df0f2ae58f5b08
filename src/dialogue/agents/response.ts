import type { LlmMessage } from '../../llm/index.js';
import { defineAgent } from '../agent.js';
import { languageChangeReply, offlineReply, userInfoReply, type OfflineContext } from '../offline/responder.js';
import type { Ports } from '../ports.js';
import { responseMessages } from '../prompt.js';
import { TurnStateSchema, type TurnState } from '../state.js';

type ResponsePorts = Pick<Ports, 'llm' | 'config' | 'clock' | 'log' | 'metrics' | 'signal' | 'reply' | 'visualMemory'>;

/** The response agent reads the whole blackboard: everything the turn found goes into the prompt. */
const ALL_FIELDS = TurnStateSchema.keyof().options;

/**
 * SPEC step 7: the reply, streamed to the reply sink as the language model writes it; the
 * offline responder answers when the model is unavailable or fails before saying anything.
 */
export const responseAgent = defineAgent({
  name: 'response',
  reads: ALL_FIELDS,
  writes: ['final_message'],
  async run(s, ports: ResponsePorts) {
    const offline: OfflineContext = { robotName: ports.config.persona.name };
    const say = (text: string) => {
      ports.reply.write(text);
      ports.reply.end();
      return { final_message: text };
    };

    // Switching language is confirmed in the new language, with or without a model.
    if (s.intent === 'language_change') return say(languageChangeReply(s, offline));
    // "Is your name …?" is asked word for word, in the session language.
    if (s.name_resolution.status === 'asking') return say(userInfoReply(s, offline));
    if (!ports.llm.available('response')) return say(offlineReply(s, offline));

    const started = performance.now();
    let text = '';
    try {
      for await (const delta of ports.llm.stream({
        agent: 'response',
        messages: await withSceneImage(responseMessages(s, ports.config, ports.clock.now()), s, ports),
        signal: ports.signal,
      })) {
        text += delta;
        ports.reply.write(delta);
      }
    } catch (err) {
      if (ports.signal.aborted) throw err; // cancelled (barge-in, stop): not a model failure
      ports.log.warn({ err: (err as Error).message, partial: text.length > 0 }, 'response: language model failed');
      // Nothing said yet: fall back cleanly. Something said: finish with what was said.
      if (!text.trim()) return say(offlineReply(s, offline));
    } finally {
      ports.metrics.model('response', performance.now() - started);
    }
    ports.reply.end();
    return { final_message: text.trim() };
  },
});

/** A model that sees images gets the remembered scene's photo with the person's message. */
async function withSceneImage(messages: LlmMessage[], s: TurnState, ports: ResponsePorts): Promise<LlmMessage[]> {
  const scene = s.visual_memory;
  const last = messages.at(-1);
  if (!scene || !ports.visualMemory || !ports.llm.multimodal('response') || last?.role !== 'user') return messages;
  const image = await ports.visualMemory.imageBase64(scene.image_path);
  if (!image) return messages;
  ports.log.debug({ scene_id: scene.scene_id }, 'response: the remembered scene image goes to the model');
  return [...messages.slice(0, -1), { ...last, images: [image] }];
}
