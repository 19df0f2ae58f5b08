import { OnnxGraphBuilder } from '../onnx-builder.js';
import { normalArray, seededRandom } from '../random.js';

/** The shape of a BERT encoder, as its config.json states it. */
export interface BertShape {
  layers: number;
  hidden: number;
  heads: number;
  intermediate: number;
  vocab: number;
  maxPositions: number;
  typeVocab: number;
  layerNormEps: number;
}

/** sentence-transformers/all-MiniLM-L6-v2. */
export const MINILM_L6_SHAPE: BertShape = {
  layers: 6,
  hidden: 384,
  heads: 12,
  intermediate: 1536,
  vocab: 30522,
  maxPositions: 512,
  typeVocab: 2,
  layerNormEps: 1e-12,
};

/** BERT's initializer_range: weights are drawn from N(0, 0.02²), as an untrained BERT's are. */
const INIT_STD = 0.02;
// What transformers uses for masked attention scores: the float32 minimum.
const MASKED_SCORE = -3.4028234663852886e38;

/**
 * A BERT encoder with random weights, in ONNX, with the I/O of the Xenova (optimum) export:
 * input_ids, attention_mask, token_type_ids (int64 [batch, seq]) → last_hidden_state
 * [batch, seq, hidden]. Post-LayerNorm blocks with exact (erf) GELU, as in BERT.
 */
export function buildBertEncoder(shape: BertShape, seed: number): Uint8Array {
  const { hidden: H, heads, intermediate: I } = shape;
  if (H % heads !== 0) throw new Error(`hidden ${H} is not a multiple of ${heads} heads`);
  const headDim = H / heads;
  const random = seededRandom(seed);
  const g = new OnnxGraphBuilder('bert_encoder');
  const normal = (name: string, dims: number[]) => g.weight(name, dims, normalArray(random, dims.reduce((a, b) => a * b, 1), INIT_STD));
  const constant = (name: string, dims: number[], value: number) => g.weight(name, dims, new Float32Array(dims.reduce((a, b) => a * b, 1)).fill(value));
  const ints = (name: string, values: number[]) => g.weight(name, [values.length], BigInt64Array.from(values.map(BigInt)));
  const scalarInt = (name: string, value: number) => g.weight(name, [], BigInt64Array.of(BigInt(value)));
  const scalar = (name: string, value: number) => g.weight(name, [], Float32Array.of(value));

  const dims = ['batch_size', 'sequence_length'];
  const inputIds = g.input('input_ids', 'int64', dims);
  const attentionMask = g.input('attention_mask', 'int64', dims);
  const tokenTypeIds = g.input('token_type_ids', 'int64', dims);

  const layerNorm = (x: string, prefix: string) =>
    g.op('LayerNormalization', [x, constant(`${prefix}.weight`, [H], 1), constant(`${prefix}.bias`, [H], 0)], {
      axis: { int: -1 },
      epsilon: { float: shape.layerNormEps },
    });
  const linear = (x: string, prefix: string, inDim: number, outDim: number) =>
    g.op('Add', [g.op('MatMul', [x, normal(`${prefix}.weight`, [inDim, outDim])]), constant(`${prefix}.bias`, [outDim], 0)]);

  // Embeddings: word + position (0..seq-1) + token type, then LayerNorm.
  const seqLen = g.op('Gather', [g.op('Shape', [inputIds]), scalarInt('seq_axis', 1)], { axis: { int: 0 } });
  const positions = g.op('Range', [scalarInt('zero', 0), seqLen, scalarInt('one', 1)]);
  const words = g.op('Gather', [normal('embeddings.word_embeddings.weight', [shape.vocab, H]), inputIds]);
  const position = g.op('Gather', [normal('embeddings.position_embeddings.weight', [shape.maxPositions, H]), positions]);
  const types = g.op('Gather', [normal('embeddings.token_type_embeddings.weight', [shape.typeVocab, H]), tokenTypeIds]);
  let x = layerNorm(g.op('Add', [g.op('Add', [words, position]), types]), 'embeddings.LayerNorm');

  // Additive attention bias [batch, 1, 1, seq]: 0 where attended, the float minimum on padding.
  const maskFloat = g.op('Unsqueeze', [g.op('Cast', [attentionMask], { to: { int: 1 } }), ints('mask_axes', [1, 2])]);
  const bias = g.op('Mul', [g.op('Sub', [scalar('one_f', 1), maskFloat]), scalar('masked_score', MASKED_SCORE)]);
  const splitHeads = ints('split_heads', [0, 0, heads, headDim]);
  const mergeHeads = ints('merge_heads', [0, 0, H]);
  const scale = scalar('attention_scale', 1 / Math.sqrt(headDim));
  const half = scalar('half', 0.5);
  const sqrt2 = scalar('sqrt2', Math.SQRT2);
  const oneF = scalar('gelu_one', 1);

  for (let l = 0; l < shape.layers; l++) {
    const p = `encoder.layer.${l}`;
    const heads4 = (name: string, perm: number[]) =>
      g.op('Transpose', [g.op('Reshape', [linear(x, `${p}.attention.self.${name}`, H, H), splitHeads])], { perm: { ints: perm } });
    const q = heads4('query', [0, 2, 1, 3]);
    const k = heads4('key', [0, 2, 3, 1]);
    const v = heads4('value', [0, 2, 1, 3]);
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, k]), scale]), bias]);
    const context = g.op('MatMul', [g.op('Softmax', [scores], { axis: { int: -1 } }), v]);
    const merged = g.op('Reshape', [g.op('Transpose', [context], { perm: { ints: [0, 2, 1, 3] } }), mergeHeads]);
    const attention = linear(merged, `${p}.attention.output.dense`, H, H);
    x = layerNorm(g.op('Add', [x, attention]), `${p}.attention.output.LayerNorm`);

    const h = linear(x, `${p}.intermediate.dense`, H, I);
    const gelu = g.op('Mul', [g.op('Mul', [h, half]), g.op('Add', [oneF, g.op('Erf', [g.op('Div', [h, sqrt2])])])]);
    const out = linear(gelu, `${p}.output.dense`, I, H);
    x = layerNorm(g.op('Add', [x, out]), `${p}.output.LayerNorm`);
  }

  g.op('Identity', [x], {}, ['last_hidden_state']);
  g.output('last_hidden_state', 'float', [...dims, H]);
  return g.toBytes({ docString: `stand-in BERT encoder (random weights, seed ${seed}): ${JSON.stringify(shape)}` });
}
