import { OnnxGraphBuilder } from '../models/onnx-builder.js';
import type { IntentWeights } from './train.js';

/**
 * Int8 weights for the big first layer, one scale per hidden unit (symmetric, zero point 0): the
 * committed model is a quarter of the size (2 MB, not 8), and the accuracy does not move (the
 * rounding is a thousandth of a typical weight). The trained weights are replaced by their
 * quantized values, so calibration, evaluation and the export check all see what ONNX computes.
 */
export function quantizeFirstLayer(w: IntentWeights): void {
  w.W1.set(quantize(w.W1, w.hidden).values);
}

function quantize(W1: Float32Array, H: number): { q: Int8Array; scale: Float32Array; values: Float32Array } {
  const rows = W1.length / H;
  const scale = new Float32Array(H);
  for (let i = 0; i < rows; i++) for (let j = 0; j < H; j++) scale[j] = Math.max(scale[j]!, Math.abs(W1[i * H + j]!));
  for (let j = 0; j < H; j++) scale[j] = scale[j]! / 127 || 1;
  const q = new Int8Array(W1.length);
  const values = new Float32Array(W1.length);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < H; j++) {
      const k = i * H + j;
      q[k] = Math.max(-127, Math.min(127, Math.round(W1[k]! / scale[j]!)));
      values[k] = q[k]! * scale[j]!;
    }
  }
  return { q, scale, values };
}

/** features [batch, dims] → probabilities [batch, classes]; W1 stored as int8 and dequantized by onnxruntime. */
export function exportIntentOnnx(w: IntentWeights): Uint8Array {
  const C = w.labels.length;
  // Weights quantized before (quantizeFirstLayer) give the very same integers again: W1 / scale is whole.
  const { q, scale } = quantize(w.W1, w.hidden);
  const g = new OnnxGraphBuilder('intent_mlp');
  const x = g.input('features', 'float', ['batch', w.spec.dims]);
  const W1 = g.op('DequantizeLinear', [g.weight('W1_q', [w.spec.dims, w.hidden], q), g.weight('W1_scale', [w.hidden], scale), g.weight('W1_zero', [w.hidden], new Int8Array(w.hidden))], {
    axis: { int: 1 },
  });
  const b1 = g.weight('b1', [w.hidden], w.b1);
  const W2 = g.weight('W2', [w.hidden, C], w.W2);
  const b2 = g.weight('b2', [C], w.b2);
  const h = g.op('Relu', [g.op('Add', [g.op('MatMul', [x, W1]), b1])]);
  const logits = g.op('Add', [g.op('MatMul', [h, W2]), b2]);
  g.op('Softmax', [logits], { axis: { int: -1 } }, ['probabilities']);
  g.output('probabilities', 'float', ['batch', C]);
  return g.toBytes({ docString: `intent classifier: ${w.labels.join(', ')}` });
}
