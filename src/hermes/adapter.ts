import type { MqttBus } from '../bus/index.js';
import type { Config } from '../config/index.js';
import type { TurnRunner } from '../dialogue/index.js';
import type { Voice } from '../speech/index.js';
import type { Health } from '../health/index.js';
import { preview, type Logger } from '../log/index.js';

/**
 * Plugs a Rhasspy-style voice stack into the dialogue over the Hermes protocol: what its
 * speech-to-text captured (hermes/asr/textCaptured) is an utterance, and its text-to-speech's
 * sayFinished paces the next sentence (each goes to hermes/tts/say: src/outlets.ts).
 * Hermes topics have no prefix: they are the voice stack's own.
 */
export function wireHermes(bus: MqttBus, turns: TurnRunner, voice: Voice, config: Config['hermes'], health: Health, parent: Logger): void {
  const log = parent.child({ component: 'hermes' });
  const { siteId } = config;

  bus.on('hermes_text_captured', (captured) => {
    if (captured.siteId !== siteId) {
      log.debug({ siteId: captured.siteId }, 'utterance of another site: not for this robot');
      return;
    }
    if (!captured.text) {
      log.debug({ sessionId: captured.sessionId }, 'nothing was recognised: no utterance');
      return;
    }
    log.debug({ text: preview(captured.text), likelihood: captured.likelihood, sessionId: captured.sessionId }, 'utterance from the voice stack');
    void turns.submit({ text: captured.text, language: captured.lang ?? undefined, sessionId: captured.sessionId ?? null });
  });

  // Matched by sentence id alone: ids are unique, and older Rhasspy versions send no siteId here.
  bus.on('hermes_say_finished', (done) => {
    if (done.id) voice.finished(done.id);
  });

  health.set('hermes', 'ok', `hearing hermes/asr/textCaptured and speaking on hermes/tts/say for site "${siteId}"`);
}
