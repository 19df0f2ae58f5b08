/**
 * NumPy `.npy` files (format versions 1.0, 2.0 and 3.0), for the CLIP embeddings perception
 * writes with `np.save`. Strict on purpose: a file that is not exactly one float vector is
 * rejected with a reason rather than read as garbage. npyjs, the common package, reads
 * big-endian data as little-endian, ignores a Buffer's byte offset and never checks the data
 * length, so this is written out; the format is short and fully specified
 * (numpy.lib.format).
 */

export class NpyError extends Error {
  override name = 'NpyError';
}

export interface NpyVector {
  /** The values, converted to float32 whatever the stored float width. */
  data: Float32Array;
  /** The shape as stored: `[d]` or `[1, d]`. */
  shape: number[];
  /** The stored dtype, e.g. `<f4`. */
  descr: string;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

export function parseNpyVector(bytes: Uint8Array): NpyVector {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) throw new NpyError('not a .npy file (bad magic)');
  const major = bytes[6]!;
  const minor = bytes[7]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let headerStart: number;
  let headerLength: number;
  if (major === 1 && minor === 0) {
    headerStart = 10;
    headerLength = view.getUint16(8, true);
  } else if ((major === 2 || major === 3) && minor === 0) {
    if (bytes.length < 12) throw new NpyError('truncated header');
    headerStart = 12;
    headerLength = view.getUint32(8, true);
  } else {
    throw new NpyError(`unsupported .npy format version ${major}.${minor}`);
  }
  const dataStart = headerStart + headerLength;
  if (dataStart > bytes.length) throw new NpyError('truncated header');
  // Version 1 and 2 headers are latin-1, version 3 UTF-8; the keys and values read here are ASCII.
  const decoder = new TextDecoder(major === 3 ? 'utf-8' : 'latin1', { fatal: major === 3 });
  const header = parseHeader(decoder.decode(bytes.subarray(headerStart, dataStart)));

  const dtype = /^([<>|=])f([248])$/.exec(header.descr);
  if (!dtype) throw new NpyError(`dtype ${header.descr} is not a float type (expected <f4, <f8 or <f2)`);
  const width = Number(dtype[2]);
  const littleEndian = dtype[1] !== '>'; // '=' and '|' mean native, and NumPy's native here is little-endian

  const { shape } = header;
  if (!(shape.length === 1 || (shape.length === 2 && shape[0] === 1))) {
    throw new NpyError(`shape (${shape.join(', ')}) is not one vector: expected (d,) or (1, d)`);
  }
  // For (d,) and (1, d), Fortran and C order are the same bytes, so fortran_order needs no check.
  const length = shape[shape.length - 1]!;
  if (length === 0) throw new NpyError('the vector is empty');
  const expected = length * width;
  const available = bytes.length - dataStart;
  if (available < expected) throw new NpyError(`truncated data: ${available} bytes for ${length} values of ${width} bytes`);
  if (available > expected) throw new NpyError(`${available - expected} bytes of trailing data after ${length} values`);

  const data = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const at = dataStart + i * width;
    data[i] = width === 4 ? view.getFloat32(at, littleEndian) : width === 8 ? view.getFloat64(at, littleEndian) : halfToFloat(view.getUint16(at, littleEndian));
  }
  for (const v of data) if (!Number.isFinite(v)) throw new NpyError('the vector holds NaN or infinite values');
  return { data, shape, descr: header.descr };
}

interface NpyHeader {
  descr: string;
  fortran_order: boolean;
  shape: number[];
}

/**
 * The header is a Python dict literal, e.g. `{'descr': '<f4', 'fortran_order': False, 'shape': (512,), }`.
 * Only that grammar is accepted: string keys; string, boolean or integer-tuple values.
 */
function parseHeader(text: string): NpyHeader {
  let i = 0;
  const fail = (what: string): never => {
    throw new NpyError(`malformed header (${what} at ${i}): ${JSON.stringify(text.slice(0, 120))}`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const expect = (ch: string) => {
    space();
    if (text[i] !== ch) fail(`expected "${ch}"`);
    i++;
  };
  const str = (): string => {
    space();
    const quote = text[i];
    if (quote !== "'" && quote !== '"') return fail('expected a string');
    const end = text.indexOf(quote, i + 1);
    if (end < 0) fail('unterminated string');
    const value = text.slice(i + 1, end);
    i = end + 1;
    return value;
  };
  const value = (): string | boolean | number[] => {
    space();
    if (text[i] === "'" || text[i] === '"') return str();
    if (text.startsWith('True', i)) return ((i += 4), true);
    if (text.startsWith('False', i)) return ((i += 5), false);
    if (text[i] === '[') throw new NpyError('structured dtypes are not supported (descr is a list of fields)');
    if (text[i] !== '(') return fail('expected a value');
    i++;
    const items: number[] = [];
    for (;;) {
      space();
      if (text[i] === ')') break;
      const digits = /^\d+/.exec(text.slice(i))?.[0];
      if (!digits) return fail('expected a dimension');
      items.push(Number(digits));
      i += digits.length;
      space();
      if (text[i] === ',') i++;
      else if (text[i] !== ')') return fail('expected "," or ")"');
    }
    i++;
    return items;
  };

  const dict: Record<string, string | boolean | number[]> = {};
  expect('{');
  for (;;) {
    space();
    if (text[i] === '}') break;
    const key = str();
    expect(':');
    dict[key] = value();
    space();
    if (text[i] === ',') i++;
    else if (text[i] !== '}') fail('expected "," or "}"');
  }
  i++;
  space();
  if (i !== text.length) fail('unexpected text after the dict');

  const { descr, fortran_order, shape } = dict;
  if (typeof descr !== 'string') throw new NpyError('header has no descr string (structured dtypes are not supported)');
  if (typeof fortran_order !== 'boolean') throw new NpyError('header has no fortran_order boolean');
  if (!Array.isArray(shape)) throw new NpyError('header has no shape tuple');
  return { descr, fortran_order, shape };
}

/** IEEE 754 half precision to double. */
function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/**
 * A float32 vector as a version 1.0 `.npy` file, byte for byte what `np.save` writes for a
 * `(d,)` float32 array: the daemon's own embedding cache uses the format perception uses.
 */
export function encodeNpyVector(data: Float32Array): Uint8Array {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${data.length},), }`;
  // The data starts on a 64-byte boundary; the header ends with a newline.
  const unpadded = 10 + header.length + 1;
  header += ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + data.length * 4);
  out.set(MAGIC, 0);
  out[6] = 1;
  out[7] = 0;
  const view = new DataView(out.buffer);
  view.setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const start = 10 + header.length;
  for (let i = 0; i < data.length; i++) view.setFloat32(start + i * 4, data[i]!, true);
  return out;
}
