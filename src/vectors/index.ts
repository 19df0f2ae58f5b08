export { VectorSpaceMismatchError, VectorStoreUnavailableError } from './port.js';
export type {
  CollectionInfo,
  Metadata,
  MetadataValue,
  QueryOptions,
  StoredRecord,
  VectorCollection,
  VectorHit,
  VectorRecord,
  VectorSpace,
  VectorStore,
  VectorStoreStatus,
  Where,
} from './port.js';
export { decodeCollectionName, encodeCollectionName } from './names.js';
export { Outbox, OutboxOpSchema, REJECTED_DIR } from './outbox.js';
export type { OutboxEntry, OutboxOp } from './outbox.js';
export { ChromaGateway, ChromaGatewayError, toChromaWhere } from './chroma-gateway.js';
export { ChromaServer, freePort } from './chroma-server.js';
export type { ChromaServerEvents, ChromaServerOptions } from './chroma-server.js';
export { ChromaVectorStore } from './store.js';
export type { ChromaVectorStoreOptions } from './store.js';
export { startVectors } from './start.js';
export type { Vectors } from './start.js';
