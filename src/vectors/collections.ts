import type { Collection } from 'chromadb';
import { ChromaGatewayError, type ChromaGateway } from './chroma-gateway.js';
import type { VectorSpace } from './port.js';

/**
 * Collection handles by server name, so a query costs one request, not two. A handle whose
 * collection was deleted behind it (not_found) is forgotten and looked up afresh next time.
 */
export class CollectionCache {
  readonly #handles = new Map<string, Collection>();

  constructor(private readonly gateway: ChromaGateway) {}

  async find(chromaName: string, ms: number): Promise<Collection | null> {
    const cached = this.#handles.get(chromaName);
    if (cached) return cached;
    const found = await this.gateway.find(chromaName, ms);
    if (found) this.#handles.set(chromaName, found);
    return found;
  }

  async ensure(chromaName: string, name: string, space: VectorSpace, ms: number): Promise<Collection> {
    const collection = await this.gateway.ensure(chromaName, name, space, ms);
    this.#handles.set(chromaName, collection);
    return collection;
  }

  forget(chromaName: string): void {
    this.#handles.delete(chromaName);
  }

  /** Runs work on a handle; forgets the handle if the server no longer has its collection. */
  async use<T>(chromaName: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ChromaGatewayError && err.kind === 'not_found') this.forget(chromaName);
      throw err;
    }
  }
}
