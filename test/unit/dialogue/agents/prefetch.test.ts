import { describe, expect, it } from 'vitest';
import { knowledgeAgent } from '../../../../src/dialogue/agents/knowledge.js';
import { memoryRetrieveAgent } from '../../../../src/dialogue/agents/memory-retrieve.js';
import { newSession, startTurn, type Ports } from '../../../../src/dialogue/index.js';
import { CachingEmbedder, LexicalEmbedder, type Embedder } from '../../../../src/embeddings/index.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';

/** The lexical embedder behind the daemon's cache, counting the texts the model is asked for. */
function countingEmbedder() {
  const asked: string[] = [];
  const lexical = new LexicalEmbedder();
  const inner: Embedder = { id: lexical.id, dims: lexical.dims, embed: (texts) => (asked.push(...texts), lexical.embed(texts)) };
  return { embedder: new CachingEmbedder(inner, { size: 16, batchSize: 8 }), asked };
}

const ALICE = { user_id: 'alice_01', user_name: 'Alice' };
const turn = (text: string, user: { user_id: string | null; user_name: string | null } = ALICE) => startTurn(newSession('en', user), 't', text, null);
// Only whether the port is there matters to a prefetch.
const on = { memory: {} as NonNullable<Ports['memory']>, knowledge: {} as NonNullable<Ports['knowledge']> };

describe("the recall step's prefetch at the turn's start", () => {
  it('embeds a question once for memory and knowledge, and the agents’ own embedding of it is not computed again', async () => {
    const { embedder, asked } = countingEmbedder();
    const ports = turnPorts(testConfig(), { embeddings: embedder, ...on });
    const state = turn('Where is the meeting room?');
    memoryRetrieveAgent.prefetch!(state, ports);
    knowledgeAgent.prefetch!(state, ports);
    const [vector] = await embedder.embed(['Where is the meeting room?']);
    expect(asked).toEqual(['Where is the meeting room?']);
    expect(vector).toEqual((await new LexicalEmbedder().embed(['Where is the meeting room?']))[0]);
  });

  it('embeds nothing for someone unknown, a statement, or an agent switched off', async () => {
    const { embedder, asked } = countingEmbedder();
    memoryRetrieveAgent.prefetch!(turn('Hello!', { user_id: null, user_name: null }), turnPorts(testConfig(), { embeddings: embedder, ...on }));
    knowledgeAgent.prefetch!(turn('My name is Quinn.'), turnPorts(testConfig(), { embeddings: embedder, ...on }));
    memoryRetrieveAgent.prefetch!(turn('Where is the lift?'), turnPorts(testConfig(), { embeddings: embedder, memory: null }));
    knowledgeAgent.prefetch!(turn('Where is the lift?'), turnPorts(testConfig(), { embeddings: embedder, knowledge: null }));
    await embedder.embed(['x']);
    expect(asked).toEqual(['x']);
  });
});
