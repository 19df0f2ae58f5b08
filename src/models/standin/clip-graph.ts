import { OnnxGraphBuilder } from '../onnx-builder.js';

/**
 * The two halves of CLIP as ONNX graphs, with the input and output names of the Xenova exports
 * that transformers.js loads (`input_ids`, `attention_mask` → `text_embeds`; `pixel_values` →
 * `image_embeds`; both also give `last_hidden_state`). The architecture is CLIP's: pre-LN
 * transformer layers with quick-GELU, a causal text encoder pooled at the end-of-text token,
 * a ViT with a class token and patch convolution, linear projections without bias.
 */

export interface ClipShape {
  vocab: number;
  textWidth: number;
  textLayers: number;
  textHeads: number;
  maxPositions: number;
  imageSize: number;
  patch: number;
  visionWidth: number;
  visionLayers: number;
  visionHeads: number;
  projection: number;
  /** MLP hidden size = width × mlpRatio. */
  mlpRatio: number;
}

/** Seeded weights: mulberry32 and Box-Muller, so a seed gives the same model bit for bit. */
export class SeededWeights {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  #next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  normal(count: number, std: number): Float32Array {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      const u = 1 - this.#next();
      out[i] = std * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.#next());
    }
    return out;
  }
}

const NEG = -1e9;
const ints = (...values: number[]) => BigInt64Array.from(values.map(BigInt));

class Layers {
  constructor(
    readonly b: OnnxGraphBuilder,
    readonly w: SeededWeights,
  ) {}

  const(name: string, dims: number[], data: Float32Array | BigInt64Array): string {
    return this.b.weight(name, dims, data);
  }

  linear(x: string, name: string, inDim: number, outDim: number, bias = true): string {
    const weight = this.b.weight(`${name}.weight`, [inDim, outDim], this.w.normal(inDim * outDim, 1 / Math.sqrt(inDim)));
    const y = this.b.op('MatMul', [x, weight]);
    if (!bias) return y;
    return this.b.op('Add', [y, this.b.weight(`${name}.bias`, [outDim], this.w.normal(outDim, 0.02))]);
  }

  layerNorm(x: string, name: string, width: number): string {
    const scale = this.b.weight(`${name}.weight`, [width], new Float32Array(width).fill(1));
    const bias = this.b.weight(`${name}.bias`, [width], new Float32Array(width));
    return this.b.op('LayerNormalization', [x, scale, bias], { axis: { int: -1 }, epsilon: { float: 1e-5 } });
  }

  quickGelu(x: string): string {
    const scaled = this.b.op('Mul', [x, this.const(`${x}.quick_gelu`, [], Float32Array.of(1.702))]);
    return this.b.op('Mul', [x, this.b.op('Sigmoid', [scaled])]);
  }

  /** One pre-LN encoder layer: x + attention(LN(x)), then x + MLP(LN(x)). `mask` broadcasts to [B, H, T, T]. */
  encoderLayer(x: string, name: string, width: number, heads: number, mlpRatio: number, mask: string | null): string {
    const { b } = this;
    const head = width / heads;
    const h = this.layerNorm(x, `${name}.layer_norm1`, width);
    const split = this.const(`${name}.split_heads`, [4], ints(0, 0, heads, head));
    const project = (p: string, perm: number[]) =>
      b.op('Transpose', [b.op('Reshape', [this.linear(h, `${name}.self_attn.${p}_proj`, width, width), split])], { perm: { ints: perm } });
    const q = project('q', [0, 2, 1, 3]);
    const k = project('k', [0, 2, 3, 1]);
    const v = project('v', [0, 2, 1, 3]);
    let scores = b.op('Mul', [b.op('MatMul', [q, k]), this.const(`${name}.scale`, [], Float32Array.of(1 / Math.sqrt(head)))]);
    if (mask) scores = b.op('Add', [scores, mask]);
    const context = b.op('MatMul', [b.op('Softmax', [scores], { axis: { int: -1 } }), v]);
    const merged = b.op('Reshape', [
      b.op('Transpose', [context], { perm: { ints: [0, 2, 1, 3] } }),
      this.const(`${name}.merge_heads`, [3], ints(0, 0, width)),
    ]);
    const attended = b.op('Add', [x, this.linear(merged, `${name}.self_attn.out_proj`, width, width)]);
    const m = this.layerNorm(attended, `${name}.layer_norm2`, width);
    const hidden = this.quickGelu(this.linear(m, `${name}.mlp.fc1`, width, width * mlpRatio));
    return b.op('Add', [attended, this.linear(hidden, `${name}.mlp.fc2`, width * mlpRatio, width)]);
  }
}

export function buildTextModel(shape: ClipShape, weights: SeededWeights): Uint8Array {
  const b = new OnnxGraphBuilder('clip_text_model');
  const L = new Layers(b, weights);
  const W = shape.textWidth;
  const ids = b.input('input_ids', 'int64', ['batch_size', 'sequence_length']);
  const attention = b.input('attention_mask', 'int64', ['batch_size', 'sequence_length']);

  const idsShape = b.op('Shape', [ids]);
  const seqLen = b.op('Slice', [idsShape, L.const('one_i', [1], ints(1)), L.const('two_i', [1], ints(2)), L.const('zero_axis', [1], ints(0))]);
  const tokens = b.op('Gather', [L.const('token_embedding.weight', [shape.vocab, W], weights.normal(shape.vocab * W, 0.02)), ids]);
  const positionTable = L.const('position_embedding.weight', [shape.maxPositions, W], weights.normal(shape.maxPositions * W, 0.01));
  const positions = b.op('Slice', [positionTable, L.const('zero_i', [1], ints(0)), seqLen, L.const('axis0', [1], ints(0))]);
  let x = b.op('Add', [tokens, positions]);

  // Causal mask, cut to the sequence, plus the padding mask from attention_mask: [B, 1, T, T].
  const causalTable = new Float32Array(shape.maxPositions * shape.maxPositions);
  for (let i = 0; i < shape.maxPositions; i++) for (let j = i + 1; j < shape.maxPositions; j++) causalTable[i * shape.maxPositions + j] = NEG;
  const square = b.op('Concat', [seqLen, seqLen], { axis: { int: 0 } });
  const causal = b.op('Slice', [L.const('causal_mask', [shape.maxPositions, shape.maxPositions], causalTable), L.const('zeros2', [2], ints(0, 0)), square, L.const('axes01', [2], ints(0, 1))]);
  const keep = b.op('Cast', [attention], { to: { int: 1 } });
  const padding = b.op('Mul', [b.op('Sub', [L.const('one_f', [], Float32Array.of(1)), keep]), L.const('neg', [], Float32Array.of(NEG))]);
  const mask = b.op('Add', [causal, b.op('Unsqueeze', [padding, L.const('axes12', [2], ints(1, 2))])]);

  for (let i = 0; i < shape.textLayers; i++) x = L.encoderLayer(x, `text.layers.${i}`, W, shape.textHeads, shape.mlpRatio, mask);
  const last = b.op('Identity', [L.layerNorm(x, 'text.final_layer_norm', W)], {}, ['last_hidden_state']);

  // Pooled at the first end-of-text token, which has the highest id (CLIP's argmax pooling).
  const eos = b.op('ArgMax', [ids], { axis: { int: 1 }, keepdims: { int: 1 } });
  const seqScalar = b.op('Gather', [idsShape, L.const('index1', [], ints(1))], { axis: { int: 0 } });
  const range = b.op('Range', [L.const('range_start', [], ints(0)), seqScalar, L.const('range_step', [], ints(1))]);
  const select = b.op('Unsqueeze', [b.op('Cast', [b.op('Equal', [range, eos])], { to: { int: 1 } }), L.const('axis2', [1], ints(2))]);
  const pooled = b.op('ReduceSum', [b.op('Mul', [last, select]), L.const('axis1', [1], ints(1))], { keepdims: { int: 0 } });
  b.op('Identity', [L.linear(pooled, 'text_projection', W, shape.projection, false)], {}, ['text_embeds']);

  b.output('text_embeds', 'float', ['batch_size', shape.projection]);
  b.output('last_hidden_state', 'float', ['batch_size', 'sequence_length', W]);
  return b.toBytes({ docString: 'stand-in CLIP text encoder: random weights, for tests and benchmarks only' });
}

export function buildVisionModel(shape: ClipShape, weights: SeededWeights): Uint8Array {
  const b = new OnnxGraphBuilder('clip_vision_model');
  const L = new Layers(b, weights);
  const W = shape.visionWidth;
  const grid = shape.imageSize / shape.patch;
  const tokens = grid * grid + 1;
  const pixels = b.input('pixel_values', 'float', ['batch_size', 3, shape.imageSize, shape.imageSize]);

  const kernel = L.const('patch_embedding.weight', [W, 3, shape.patch, shape.patch], weights.normal(W * 3 * shape.patch * shape.patch, 1 / Math.sqrt(3 * shape.patch * shape.patch)));
  const patches = b.op('Conv', [pixels, kernel], { kernel_shape: { ints: [shape.patch, shape.patch] }, strides: { ints: [shape.patch, shape.patch] } });
  const sequence = b.op('Transpose', [b.op('Reshape', [patches, L.const('flatten_patches', [3], ints(0, W, -1))])], { perm: { ints: [0, 2, 1] } });
  const batch = b.op('Slice', [b.op('Shape', [pixels]), L.const('zero_i', [1], ints(0)), L.const('one_i', [1], ints(1)), L.const('axis0', [1], ints(0))]);
  const classShape = b.op('Concat', [batch, L.const('class_tail', [2], ints(1, W))], { axis: { int: 0 } });
  const classToken = b.op('Expand', [L.const('class_embedding', [1, 1, W], weights.normal(W, 0.02)), classShape]);
  const embedded = b.op('Add', [b.op('Concat', [classToken, sequence], { axis: { int: 1 } }), L.const('position_embedding.weight', [tokens, W], weights.normal(tokens * W, 0.02))]);

  let x = L.layerNorm(embedded, 'vision.pre_layrnorm', W);
  for (let i = 0; i < shape.visionLayers; i++) x = L.encoderLayer(x, `vision.layers.${i}`, W, shape.visionHeads, shape.mlpRatio, null);
  b.op('Identity', [x], {}, ['last_hidden_state']);
  const pooled = L.layerNorm(b.op('Gather', [x, L.const('class_index', [], ints(0))], { axis: { int: 1 } }), 'vision.post_layernorm', W);
  b.op('Identity', [L.linear(pooled, 'visual_projection', W, shape.projection, false)], {}, ['image_embeds']);

  b.output('image_embeds', 'float', ['batch_size', shape.projection]);
  b.output('last_hidden_state', 'float', ['batch_size', tokens, W]);
  return b.toBytes({ docString: 'stand-in CLIP vision encoder: random weights, for tests and benchmarks only' });
}
