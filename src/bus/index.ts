export { MqttBus } from './mqtt-bus.js';
export type { MqttBusOptions } from './mqtt-bus.js';
export { StatusReports } from './status-reports.js';
export { startEmbeddedBroker } from './broker.js';
export type { EmbeddedBroker, EmbeddedBrokerOptions } from './broker.js';
export { decodeInbound, normalizeUtterance } from './decode.js';
export type { DecodeLimits, Decoded } from './decode.js';
export * from './topics.js';
