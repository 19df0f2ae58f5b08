import { ChromaGatewayError, spaceOf, toChromaWhere, type ChromaGateway } from './chroma-gateway.js';
import type { CollectionCache } from './collections.js';
import { encodeCollectionName } from './names.js';
import type { OutboxOp } from './outbox.js';
import { VectorSpaceMismatchError, type Where } from './port.js';

export interface ApplyContext {
  gateway: ChromaGateway;
  collections: CollectionCache;
  prefix: string;
  timeoutMs: number;
}

const notFound = (err: unknown) => err instanceof ChromaGatewayError && err.kind === 'not_found';

/**
 * Applies one outbox entry to the server. Idempotent, since an entry may be applied again after
 * a crash: upserts replace by id, and deleting what is not there is not an error.
 */
export async function applyOutboxOp(op: OutboxOp, ctx: ApplyContext): Promise<void> {
  const { gateway, collections, timeoutMs: ms } = ctx;
  const chromaName = encodeCollectionName(ctx.prefix, op.collection);
  if (op.op === 'delete_collection') {
    collections.forget(chromaName);
    await gateway.call(`delete ${chromaName}`, ms, () => gateway.client.deleteCollection({ name: chromaName })).catch((err: unknown) => {
      if (!notFound(err)) throw err;
    });
    return;
  }
  if (op.op === 'delete') {
    const collection = await collections.find(chromaName, ms);
    if (!collection) return;
    const where = toChromaWhere(op.where as Where | undefined);
    await collections
      .use(chromaName, () => gateway.call(`delete from ${chromaName}`, ms, () => collection.delete({ ...(op.ids && { ids: op.ids }), ...(where && { where }) })))
      .catch((err: unknown) => {
        if (!notFound(err)) throw err;
      });
    return;
  }
  const collection = await collections.ensure(chromaName, op.collection, op.space, ms);
  const stored = spaceOf(collection);
  if (stored && (stored.embedder !== op.space.embedder || stored.dims !== op.space.dims)) {
    throw new VectorSpaceMismatchError(op.collection, stored, op.space);
  }
  await gateway.call(`upsert into ${chromaName}`, ms, () =>
    collection.upsert({
      ids: op.records.map((r) => r.id),
      embeddings: op.records.map((r) => r.embedding),
      documents: op.records.map((r) => r.document),
      // ChromaDB refuses empty metadata objects; null means "none" for that record.
      metadatas: op.records.map((r) => (Object.keys(r.metadata).length ? r.metadata : null)) as never,
    }),
  );
}
