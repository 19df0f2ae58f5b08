import { EventEmitter } from 'node:events';
import type { SpeechItem } from './delivery.js';

export interface SpeechOutEvents {
  /** Text for the robot to say: a sentence (speech.streaming), or the whole reply. */
  speak: [text: string, turnId: string, item: SpeechItem];
  /** The robot should stop speaking at once: the rest of its reply was cancelled (barge-in). */
  stop_speaking: [cut: { turnId: string }];
  gesture: [name: string, turnId: string];
}

/**
 * Where the voice's output leaves the dialogue: made before the voice and handed to it, so that a
 * sentence goes from speech delivery straight out, never back through the voice. The bus
 * publishes what it announces (src/outlets.ts); the console prints it.
 */
export class SpeechOut extends EventEmitter<SpeechOutEvents> {
  speak(item: SpeechItem): void {
    this.emit('speak', item.text, item.turnId, item);
  }

  stop(cut: { turnId: string }): void {
    this.emit('stop_speaking', cut);
  }

  gesture(name: string, turnId: string): void {
    this.emit('gesture', name, turnId);
  }
}
