import onnxProto from 'onnx-proto';
import { OnnxGraphBuilder } from '../models/onnx-builder.js';
import type { FeaturizerSpec } from './featurize.js';
import type { Intent } from './labels.js';
import type { IntentWeights } from './train.js';

const { onnx } = onnxProto;

/**
 * Consecutive input rows that share one scale per hidden unit. The first layer (32,768 hashed
 * n-grams × the ensemble's hidden units) is almost all of the model; stored as int4 in blocks of
 * 32 rows it is 3.9 MB with three networks, where int8 with one scale per unit was 6.3 MB. A block
 * scale follows the weights of its own n-grams, so the rounding stays about as small as int8's
 * was over a whole column, which the training report's validation figures show.
 */
export const FIRST_LAYER_BLOCK = 32;
const INT4_MAX = 7;

/**
 * Replaces the trained first layer by its int4 values, so calibration, evaluation and the export
 * check all see what ONNX computes.
 */
export function quantizeFirstLayer(w: IntentWeights): void {
  w.W1.set(quantize(w.W1, w.hidden).values);
}

function quantize(W1: Float32Array, H: number): { packed: Uint8Array; scale: Float32Array; values: Float32Array } {
  const rows = W1.length / H;
  if (rows % FIRST_LAYER_BLOCK !== 0) throw new Error(`intent model: ${rows} input rows are not a whole number of blocks of ${FIRST_LAYER_BLOCK}`);
  const blocks = rows / FIRST_LAYER_BLOCK;
  const scale = new Float32Array(blocks * H);
  for (let i = 0; i < rows; i++) {
    const s = Math.floor(i / FIRST_LAYER_BLOCK) * H;
    for (let j = 0; j < H; j++) scale[s + j] = Math.max(scale[s + j]!, Math.abs(W1[i * H + j]!));
  }
  for (let k = 0; k < scale.length; k++) scale[k] = scale[k]! / INT4_MAX || 1;
  // Two values a byte, the first in the low nibble (ONNX's INT4 layout, row-major).
  const packed = new Uint8Array(Math.ceil(W1.length / 2));
  const values = new Float32Array(W1.length);
  for (let i = 0; i < rows; i++) {
    const s = Math.floor(i / FIRST_LAYER_BLOCK) * H;
    for (let j = 0; j < H; j++) {
      const k = i * H + j;
      const q = Math.max(-INT4_MAX, Math.min(INT4_MAX, Math.round(W1[k]! / scale[s + j]!)));
      values[k] = q * scale[s + j]!;
      packed[k >> 1]! |= (q & 0xf) << ((k & 1) * 4);
    }
  }
  return { packed, scale, values };
}

/**
 * features [batch, dims] → probabilities [batch, classes]. W1 is dequantized by onnxruntime's
 * blocked DequantizeLinear (opset 21); its inputs are constants, so it is folded once when the
 * session is made and every classification multiplies plain floats.
 */
export function exportIntentOnnx(w: IntentWeights): Uint8Array {
  const C = w.labels.length;
  // Weights quantized before (quantizeFirstLayer) give the very same integers again: W1 / scale is whole.
  const { packed, scale } = quantize(w.W1, w.hidden);
  const g = new OnnxGraphBuilder('intent_mlp');
  const x = g.input('features', 'float', ['batch', w.spec.dims]);
  const W1 = g.op(
    'DequantizeLinear',
    [g.weight('W1_q', [w.spec.dims, w.hidden], { int4: packed }), g.weight('W1_scale', [w.spec.dims / FIRST_LAYER_BLOCK, w.hidden], scale)],
    { axis: { int: 0 }, block_size: { int: FIRST_LAYER_BLOCK } },
  );
  const b1 = g.weight('b1', [w.hidden], w.b1);
  const W2 = g.weight('W2', [w.hidden, C], w.W2);
  const b2 = g.weight('b2', [C], w.b2);
  const h = g.op('Relu', [g.op('Add', [g.op('MatMul', [x, W1]), b1])]);
  const logits = g.op('Add', [g.op('MatMul', [h, W2]), b2]);
  g.op('Softmax', [logits], { axis: { int: -1 } }, ['probabilities']);
  g.output('probabilities', 'float', ['batch', C]);
  return g.toBytes({ opset: 21, docString: `intent classifier: ${w.labels.join(', ')}` });
}

/** The graph exportIntentOnnx writes, node by node: what readIntentOnnx can read back. */
const EXPORTED_OPS = ['DequantizeLinear', 'MatMul', 'Add', 'Relu', 'MatMul', 'Add', 'Softmax'];

/**
 * The weights of a model exportIntentOnnx wrote, read back from its bytes (W1 dequantized as
 * DequantizeLinear does: the int4 value times its block's scale), so that `forward` computes what
 * the ONNX graph computes; null when the graph is not that one.
 */
export function readIntentOnnx(bytes: Uint8Array, labels: readonly Intent[], spec: FeaturizerSpec): IntentWeights | null {
  const graph = onnx.ModelProto.decode(bytes).graph;
  if (graph?.node?.map((n) => n.opType).join() !== EXPORTED_OPS.join()) return null;
  const tensors = new Map((graph.initializer ?? []).map((t) => [t.name, t]));
  const floats = (name: string, length: number): Float32Array | null => {
    const raw = tensors.get(name)?.rawData;
    if (!raw || raw.byteLength !== length * 4) return null;
    // Copied: rawData may sit at an offset in the file's buffer that a Float32Array cannot start at.
    return new Float32Array(Uint8Array.from(raw).buffer);
  };
  const C = labels.length;
  const H = Number(tensors.get('b1')?.dims?.[0] ?? 0);
  const packed = tensors.get('W1_q')?.rawData;
  const [b1, W2, b2, scale] = [floats('b1', H), floats('W2', H * C), floats('b2', C), floats('W1_scale', (spec.dims / FIRST_LAYER_BLOCK) * H)];
  if (!H || !b1 || !W2 || !b2 || !scale || packed?.byteLength !== (spec.dims * H) / 2) return null;
  const W1 = new Float32Array(spec.dims * H);
  for (let i = 0; i < spec.dims; i++) {
    const s = Math.floor(i / FIRST_LAYER_BLOCK) * H;
    for (let j = 0; j < H; j++) {
      const k = i * H + j;
      // A signed nibble, the low one first.
      const q = ((packed[k >> 1]! >> ((k & 1) * 4)) & 0xf) << 28 >> 28;
      W1[k] = q * scale[s + j]!;
    }
  }
  return { labels, spec, hidden: H, W1, b1, W2, b2 };
}
