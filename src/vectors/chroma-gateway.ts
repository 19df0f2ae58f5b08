import { ChromaClient, IncludeEnum, type Collection, type Metadata as ChromaMetadata, type Where as ChromaWhere } from 'chromadb';
import type { Metadata, StoredRecord, VectorSpace, Where } from './port.js';

/**
 * A thin adapter over the official chromadb client: the operations the store needs, each
 * bounded by a time-out, with failures sorted into what is worth retrying and what is not.
 */

export type ChromaFailure = 'unreachable' | 'timeout' | 'server' | 'not_found' | 'refused';

export class ChromaGatewayError extends Error {
  override name = 'ChromaGatewayError';
  constructor(
    readonly kind: ChromaFailure,
    message: string,
  ) {
    super(message);
  }
  /** Worth trying again later: the server was away or overloaded, not the request wrong. */
  get transient(): boolean {
    return this.kind === 'unreachable' || this.kind === 'timeout' || this.kind === 'server';
  }
}

export function classifyChromaError(err: unknown): ChromaGatewayError {
  if (err instanceof ChromaGatewayError) return err;
  const e = err as Error;
  const kind: ChromaFailure =
    e.name === 'ChromaConnectionError' || e.name === 'TypeError'
      ? 'unreachable'
      : e.name === 'ChromaServerError' || e.name === 'ChromaRateLimitError'
        ? 'server'
        : e.name === 'ChromaNotFoundError'
          ? 'not_found'
          : 'refused';
  // The client's connection message is a paragraph about browsers and CORS: say what happened.
  const message = kind === 'unreachable' ? 'connection failed' : e.message;
  return new ChromaGatewayError(kind, message);
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChromaGatewayError('timeout', `${what}: no answer within ${ms} ms`)), ms);
  });
  // The request itself goes on in the background; its late result or error is ignored.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A plain object is a conjunction of its keys; ChromaDB wants exactly one key per level. */
export function toChromaWhere(where: Where | undefined): ChromaWhere | undefined {
  if (!where) return undefined;
  if ('$and' in where && Array.isArray(where.$and)) return combine('$and', where.$and as Where[]);
  if ('$or' in where && Array.isArray(where.$or)) return combine('$or', where.$or as Where[]);
  const parts = Object.entries(where).map(([key, value]) => ({ [key]: value }) as ChromaWhere);
  return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : ({ $and: parts } as ChromaWhere);
}

function combine(op: '$and' | '$or', items: Where[]): ChromaWhere | undefined {
  const parts = items.map(toChromaWhere).filter((w): w is ChromaWhere => w !== undefined);
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : ({ [op]: parts } as ChromaWhere);
}

/** Collection metadata keys: the space of its vectors and the caller's name for it. */
export const META = { embedder: 'nadine:embedder', dims: 'nadine:dims', name: 'nadine:name' } as const;

export function spaceOf(collection: Pick<Collection, 'metadata'>): VectorSpace | null {
  const m = collection.metadata ?? {};
  const embedder = m[META.embedder];
  const dims = m[META.dims];
  return typeof embedder === 'string' && typeof dims === 'number' ? { embedder, dims } : null;
}

export interface ChromaGatewayOptions {
  url: string;
}

export class ChromaGateway {
  readonly client: ChromaClient;

  constructor(readonly url: string) {
    const u = new URL(url);
    const ssl = u.protocol === 'https:';
    this.client = new ChromaClient({ host: u.hostname, port: Number(u.port || (ssl ? 443 : 80)), ssl });
  }

  async call<T>(what: string, ms: number, work: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(work(), ms, what);
    } catch (err) {
      throw classifyChromaError(err);
    }
  }

  heartbeat(ms: number): Promise<number> {
    return this.call('heartbeat', ms, () => this.client.heartbeat());
  }

  /** Creates the collection with cosine distance and its space, or returns the existing one. */
  ensure(chromaName: string, name: string, space: VectorSpace, ms: number): Promise<Collection> {
    return this.call(`create ${chromaName}`, ms, () =>
      this.client.getOrCreateCollection({
        name: chromaName,
        embeddingFunction: null,
        configuration: { hnsw: { space: 'cosine' } },
        metadata: { [META.embedder]: space.embedder, [META.dims]: space.dims, [META.name]: name },
      }),
    );
  }

  /** The collection, or null when it does not exist. */
  async find(chromaName: string, ms: number): Promise<Collection | null> {
    try {
      return await this.call(`get ${chromaName}`, ms, () => this.client.getCollection({ name: chromaName }));
    } catch (err) {
      if (err instanceof ChromaGatewayError && err.kind === 'not_found') return null;
      throw err;
    }
  }

  async list(ms: number): Promise<Collection[]> {
    const all: Collection[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.call('list collections', ms, () => this.client.listCollections({ limit: 100, offset }));
      all.push(...page);
      if (page.length < 100) return all;
    }
  }

  static records(result: { ids: string[]; documents: (string | null)[]; metadatas: (ChromaMetadata | null)[] }): StoredRecord[] {
    return result.ids.map((id, i) => ({
      id,
      document: result.documents[i] ?? '',
      metadata: (result.metadatas[i] ?? {}) as Metadata,
    }));
  }

  static readonly include = [IncludeEnum.documents, IncludeEnum.metadatas];
  static readonly includeWithDistances = [IncludeEnum.documents, IncludeEnum.metadatas, IncludeEnum.distances];
}
