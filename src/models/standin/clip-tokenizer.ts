/**
 * The tokenizer and preprocessor files of a stand-in CLIP when the real ones are not at hand
 * (a fresh machine without ../shared/models). A byte-level BPE in CLIP's layout: the 256 byte
 * symbols, the same with the end-of-word suffix, no merges (so every word is spelled out
 * byte by byte), and the two special tokens at their real ids, 49406 and 49407. The
 * normaliser, pre-tokeniser and post-processor are CLIP's own, so transformers.js's
 * CLIPTokenizer treats it as it treats the real one.
 */

const START = '<|startoftext|>';
const END = '<|endoftext|>';
export const CLIP_START_ID = 49406;
export const CLIP_END_ID = 49407;

/** GPT-2's reversible byte → printable character map, which CLIP's vocabulary is written in. */
function byteSymbols(): string[] {
  const printable: number[] = [];
  for (let c = 33; c <= 126; c++) printable.push(c);
  for (let c = 161; c <= 172; c++) printable.push(c);
  for (let c = 174; c <= 255; c++) printable.push(c);
  const symbols: string[] = [];
  let extra = 0;
  for (let byte = 0; byte < 256; byte++) {
    symbols.push(String.fromCodePoint(printable.includes(byte) ? byte : 256 + extra++));
  }
  // CLIP orders its vocabulary printable bytes first, then the remapped ones.
  return [...printable.map((c) => String.fromCodePoint(c)), ...symbols.filter((s) => s.codePointAt(0)! >= 256)];
}

const special = (content: string, id: number) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: id === CLIP_START_ID,
  special: true,
});

const addedToken = (content: string) => ({ __type: 'AddedToken', content, lstrip: false, normalized: true, rstrip: false, single_word: false });

/** File name → contents of the generated tokenizer and preprocessor files. */
export function minimalClipTokenizerFiles(): Record<string, string> {
  const symbols = byteSymbols();
  const vocab: Record<string, number> = {};
  symbols.forEach((s, i) => (vocab[s] = i));
  symbols.forEach((s, i) => (vocab[`${s}</w>`] = 256 + i));
  vocab[START] = CLIP_START_ID;
  vocab[END] = CLIP_END_ID;

  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(START, CLIP_START_ID), special(END, CLIP_END_ID)],
    normalizer: {
      type: 'Sequence',
      normalizers: [{ type: 'NFC' }, { type: 'Replace', pattern: { Regex: '\\s+' }, content: ' ' }, { type: 'Lowercase' }],
    },
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        {
          type: 'Split',
          pattern: { Regex: "<\\|startoftext\\|>|<\\|endoftext\\|>|'s|'t|'re|'ve|'m|'ll|'d|[\\p{L}]+|[\\p{N}]|[^\\s\\p{L}\\p{N}]+" },
          behavior: 'Removed',
          invert: true,
        },
        { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
      ],
    },
    post_processor: { type: 'RobertaProcessing', sep: [END, CLIP_END_ID], cls: [START, CLIP_START_ID], trim_offsets: false, add_prefix_space: false },
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: END,
      continuing_subword_prefix: '',
      end_of_word_suffix: '</w>',
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: [],
    },
  };
  const tokenizerConfig = {
    add_prefix_space: false,
    bos_token: addedToken(START),
    eos_token: addedToken(END),
    unk_token: addedToken(END),
    pad_token: END,
    clean_up_tokenization_spaces: true,
    do_lower_case: true,
    errors: 'replace',
    model_max_length: 77,
    processor_class: 'CLIPProcessor',
    tokenizer_class: 'CLIPTokenizer',
  };
  const specialTokens = { bos_token: START, eos_token: END, pad_token: END, unk_token: END };
  // OpenAI CLIP's published preprocessing: resize the short side to 224 (bicubic), centre crop, normalise.
  const preprocessor = {
    crop_size: { height: 224, width: 224 },
    do_center_crop: true,
    do_convert_rgb: true,
    do_normalize: true,
    do_rescale: true,
    do_resize: true,
    feature_extractor_type: 'CLIPFeatureExtractor',
    image_processor_type: 'CLIPFeatureExtractor',
    image_mean: [0.48145466, 0.4578275, 0.40821073],
    image_std: [0.26862954, 0.26130258, 0.27577711],
    resample: 3,
    rescale_factor: 1 / 255,
    size: { shortest_edge: 224 },
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    'tokenizer.json': json(tokenizer),
    'tokenizer_config.json': json(tokenizerConfig),
    'special_tokens_map.json': json(specialTokens),
    'vocab.json': json(vocab),
    'merges.txt': '#version: 0.2\n',
    'preprocessor_config.json': json(preprocessor),
  };
}
