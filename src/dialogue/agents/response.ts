import type { LlmMessage } from '../../llm/index.js';
import { staffComingLine, staffLine } from '../../alerts/index.js';
import { askModel } from '../../llm/index.js';
import { defineAgent } from '../agent.js';
import { asksSomething } from '../../language/index.js';
import { languageChangeReply, offlineReply, userInfoReply, type OfflineContext } from '../offline/responder.js';
import type { Ports } from '../ports.js';
import { responseMessages, responseNotes } from '../prompt.js';
import { TurnStateSchema, type TurnState } from '../state.js';

type ResponsePorts = Pick<Ports, 'llm' | 'config' | 'clock' | 'log' | 'metrics' | 'signal' | 'reply' | 'visualMemory' | 'turnId'>;

/** The response agent reads the whole blackboard: everything the turn found goes into the prompt. */
const ALL_FIELDS = TurnStateSchema.keyof().options;

/**
 * The reply, streamed to the reply sink as the language model writes it; the
 * offline responder answers when the model is unavailable or fails before saying anything.
 */
export const responseAgent = defineAgent({
  name: 'response',
  reads: ALL_FIELDS,
  writes: ['final_message', 'reply_notes'],
  async run(s, ports: ResponsePorts) {
    const offline: OfflineContext = { robotName: ports.config.persona.name };
    const say = (text: string) => {
      ports.reply.write(text, s.language);
      ports.reply.end();
      return { final_message: text };
    };

    // Staff are on the way: nothing else is said (not even a language switch), and no model call
    // comes before the words that matter.
    if (s.occasion === 'staff_coming') return say(staffComingLine(s.language));
    // A pending "Is your name …?" is not dropped when someone was asked for ("où est l'accueil"
    // instead of an answer): it is asked again after the promise. Never in an emergency.
    const pending = s.name_resolution.status === 'asking' && s.staff?.kind !== 'emergency' ? userInfoReply(s, offline) : null;
    if (s.staff) return say([staffLine(s.staff, s.language), pending].filter(Boolean).join(' '));
    // Switching language is confirmed in the new language, with or without a model.
    if (s.intent === 'language_change') return say(languageChangeReply(s, offline));
    // "Is your name …?" is asked word for word, in the session language. A question asked instead
    // of an answer is answered first, and the confirmation asked again after it.
    const asking = s.name_resolution.status === 'asking';
    if (asking && !asksSomething(s.user_text)) return say(userInfoReply(s, offline));
    const askAgain = asking ? userInfoReply(s, offline) : null;
    const answering: TurnState = askAgain ? { ...s, name_resolution: { status: 'none', candidate: null } } : s;
    let text = '';
    const now = ports.clock.now();
    const notes = responseNotes(answering, now);
    const asked = await askModel(ports, { agent: 'response', fallback: 'the offline responder answers' }, async (llm, base) => {
      for await (const delta of llm.stream({ ...base, messages: await withSceneImage(responseMessages(answering, ports.config, now, notes), s, ports) })) {
        text += delta;
        ports.reply.write(delta, s.language);
      }
    });
    // Nothing said yet: fall back cleanly. Something said: finish with what was said.
    if (!asked.ok && !text.trim()) return say([offlineReply(answering, offline), askAgain].filter(Boolean).join(' '));
    if (askAgain) {
      ports.reply.write(` ${askAgain}`, s.language);
      text += ` ${askAgain}`;
    }
    ports.reply.end();
    return { final_message: text.trim(), reply_notes: notes };
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
