import type { MqttBus } from './bus/index.js';
import type { Brain } from './dialogue/index.js';
import type { Health } from './health/index.js';
import type { Logger } from './log/index.js';

/**
 * Connects the MQTT contract to the brain: which inbound topic drives what, and which brain
 * event is published where. Payloads arrive here already validated by the bus.
 */
export function wireBus(bus: MqttBus, brain: Brain, health: Health, log: Logger): void {
  bus.on('user_speech', (speech) => {
    void brain.submit({ text: speech.text, language: speech.language });
  });
  bus.on('start_speak', () => log.debug('robot started speaking'));
  bus.on('end_speak', () => log.debug('robot finished speaking'));

  brain.on('speak', (text) => void bus.publish('speak', text));
  brain.on('gesture', (name) => void bus.publish('animation', name));
  brain.on('turn', (event) => void bus.publish('turn_event', event));

  // The retained status carries health, so monitors see "degraded: no language model" at a glance.
  health.on('change', (report) => {
    if (bus.connected) void bus.publishStatus(report);
  });
}
