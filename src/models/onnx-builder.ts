import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
const DataType = onnx.TensorProto.DataType;
const AttrType = onnx.AttributeProto.AttributeType;

export type ElemType = 'float' | 'int64' | 'int32' | 'bool';
export type Dim = number | string;

export type AttrValue =
  | { int: number }
  | { float: number }
  | { ints: number[] }
  | { floats: number[] }
  | { string: string }
  | { tensor: { dims: number[]; data: TensorData } };

/** Int8 and packed int4 (two values a byte, low nibble first) for quantized weights (DequantizeLinear). */
export type TensorData = Float32Array | BigInt64Array | Int32Array | Int8Array | { int4: Uint8Array };

// INT4 is newer than the onnx-proto enum (onnx 1.16, IR version 10).
const INT4 = 22;

const ELEM: Record<ElemType, number> = {
  float: DataType.FLOAT,
  int64: DataType.INT64,
  int32: DataType.INT32,
  bool: DataType.BOOL,
};

function tensorProto(name: string, dims: number[], data: TensorData): onnxProto.onnx.TensorProto {
  const expected = dims.reduce((a, b) => a * b, 1);
  if ('int4' in data) {
    if (data.int4.length !== Math.ceil(expected / 2)) throw new Error(`tensor ${name}: ${data.int4.length} bytes of int4 for shape [${dims.join(', ')}]`);
    return onnx.TensorProto.create({ name, dims, dataType: INT4, rawData: data.int4 });
  }
  const dataType =
    data instanceof Float32Array ? DataType.FLOAT : data instanceof BigInt64Array ? DataType.INT64 : data instanceof Int8Array ? DataType.INT8 : DataType.INT32;
  if (expected !== data.length) throw new Error(`tensor ${name}: ${data.length} values for shape [${dims.join(', ')}]`);
  // rawData is little-endian, which is what typed arrays hold on every platform Node runs on.
  return onnx.TensorProto.create({
    name,
    dims,
    dataType,
    rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  });
}

function attribute(name: string, value: AttrValue): onnxProto.onnx.AttributeProto {
  if ('int' in value) return onnx.AttributeProto.create({ name, type: AttrType.INT, i: value.int });
  if ('float' in value) return onnx.AttributeProto.create({ name, type: AttrType.FLOAT, f: value.float });
  if ('ints' in value) return onnx.AttributeProto.create({ name, type: AttrType.INTS, ints: value.ints });
  if ('floats' in value) return onnx.AttributeProto.create({ name, type: AttrType.FLOATS, floats: value.floats });
  if ('string' in value) {
    return onnx.AttributeProto.create({ name, type: AttrType.STRING, s: new TextEncoder().encode(value.string) });
  }
  return onnx.AttributeProto.create({ name, type: AttrType.TENSOR, t: tensorProto(name, value.tensor.dims, value.tensor.data) });
}

function valueInfo(name: string, type: ElemType, dims: Dim[]): onnxProto.onnx.ValueInfoProto {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: ELEM[type],
        shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
      },
    },
  });
}

/**
 * Writes ONNX models from TypeScript. The project trains its own intent model and generates
 * stand-in models with real architectures; both need real .onnx files that onnxruntime loads.
 */
export class OnnxGraphBuilder {
  readonly #nodes: onnxProto.onnx.NodeProto[] = [];
  readonly #initializers: onnxProto.onnx.TensorProto[] = [];
  readonly #inputs: onnxProto.onnx.ValueInfoProto[] = [];
  readonly #outputs: onnxProto.onnx.ValueInfoProto[] = [];
  readonly #names = new Set<string>();
  #counter = 0;

  constructor(readonly name: string) {}

  input(name: string, type: ElemType, dims: Dim[]): string {
    this.#claim(name);
    this.#inputs.push(valueInfo(name, type, dims));
    return name;
  }

  output(name: string, type: ElemType, dims: Dim[]): void {
    this.#outputs.push(valueInfo(name, type, dims));
  }

  /** A constant weight tensor stored in the model. */
  weight(name: string, dims: number[], data: TensorData): string {
    this.#claim(name);
    this.#initializers.push(tensorProto(name, dims, data));
    return name;
  }

  /** Adds a node and returns its (first) output name; `outputs` names them explicitly. */
  op(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}, outputs?: string[]): string {
    const outs = outputs ?? [`${opType.toLowerCase()}_${this.#counter++}`];
    for (const out of outs) this.#claim(out);
    this.#nodes.push(
      onnx.NodeProto.create({
        opType,
        input: inputs,
        output: outs,
        name: `${opType}_${this.#nodes.length}`,
        attribute: Object.entries(attrs).map(([n, v]) => attribute(n, v)),
      }),
    );
    return outs[0]!;
  }

  toBytes(options: { opset?: number; producer?: string; docString?: string } = {}): Uint8Array {
    const model = onnx.ModelProto.create({
      // Opset 21 (int4, blocked quantization) needs IR version 10; older graphs keep 8.
      irVersion: (options.opset ?? 17) >= 21 ? 10 : 8,
      opsetImport: [{ domain: '', version: options.opset ?? 17 }],
      producerName: options.producer ?? 'nadine-brain',
      docString: options.docString ?? '',
      graph: onnx.GraphProto.create({
        name: this.name,
        node: this.#nodes,
        initializer: this.#initializers,
        input: this.#inputs,
        output: this.#outputs,
      }),
    });
    return onnx.ModelProto.encode(model).finish();
  }

  #claim(name: string): void {
    if (this.#names.has(name)) throw new Error(`ONNX graph ${this.name}: the name "${name}" is used twice`);
    this.#names.add(name);
  }
}
