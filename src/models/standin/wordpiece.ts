/**
 * A small BERT WordPiece tokenizer for the stand-in MiniLM when the real tokenizer files are not
 * at hand (a fresh clone without ../shared/models). Same special-token ids as bert-base-uncased,
 * single characters and their "##" continuations (so every Latin word tokenizes without [UNK]),
 * some frequent words, and "[unusedN]" padding up to the real vocabulary size so that every
 * tensor keeps the real model's shape.
 */

const SPECIAL = { pad: 0, unk: 100, cls: 101, sep: 102, mask: 103 } as const;

// Frequent words of the robot's conversations (English, German, French, Spanish), so that
// common words are one token as they are with the real vocabulary.
const WORDS = `
the of and in to was he is as for on with that it by at from his an were are which this be or has had
not but also have one their its new after who they two her she been other when there all during into
school time may years more most only over city some world would where later up such used many can state
about national out known university united then made first what do you your me my we our us i am hello hi
name work live like love enjoy hobby hobbies company robot nadine thanks thank please yes no bye goodbye
see later meet nice good morning evening day today tomorrow where how why who when which help room meeting
ich bin du ist und der die das nicht ja nein danke hallo tschüss name wohne arbeite je suis tu est et le la
les pas oui non merci bonjour au revoir nom yo soy eres es el los las sí gracias hola adiós nombre
`;

const NORMALIZED_CHARS = (() => {
  const chars: string[] = [];
  for (let c = 33; c < 127; c++) {
    const ch = String.fromCharCode(c);
    if (ch === ch.toLowerCase()) chars.push(ch);
  }
  // Latin-1 and Latin Extended-A lower-case letters (German, French, Spanish, ...).
  for (let c = 0xdf; c <= 0x17f; c++) {
    const ch = String.fromCharCode(c);
    if (ch === ch.toLowerCase() && /\p{L}/u.test(ch) && c !== 0xf7) chars.push(ch);
  }
  return chars;
})();

export interface WordPieceFiles {
  'tokenizer.json': string;
  'tokenizer_config.json': string;
  'special_tokens_map.json': string;
  'vocab.txt': string;
}

/** The vocabulary in id order, exactly `size` entries. */
export function wordPieceVocabulary(size: number): string[] {
  const vocab: string[] = [];
  let unused = 0;
  const specials = new Map<number, string>([
    [SPECIAL.pad, '[PAD]'],
    [SPECIAL.unk, '[UNK]'],
    [SPECIAL.cls, '[CLS]'],
    [SPECIAL.sep, '[SEP]'],
    [SPECIAL.mask, '[MASK]'],
  ]);
  for (let id = 0; id <= SPECIAL.mask; id++) vocab.push(specials.get(id) ?? `[unused${unused++}]`);
  const seen = new Set(vocab);
  const add = (token: string) => {
    if (!seen.has(token)) {
      seen.add(token);
      vocab.push(token);
    }
  };
  for (const ch of NORMALIZED_CHARS) add(ch);
  for (const word of WORDS.split(/\s+/).filter(Boolean)) add(word);
  for (const ch of NORMALIZED_CHARS) add(`##${ch}`);
  if (vocab.length > size) throw new Error(`the generated vocabulary needs ${vocab.length} entries, more than ${size}`);
  while (vocab.length < size) vocab.push(`[unused${unused++}]`);
  return vocab;
}

const special = (id: number, content: string) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special: true,
});

/** tokenizer.json (Hugging Face tokenizers format) and its companions, as transformers.js reads them. */
export function wordPieceTokenizerFiles(vocabSize: number, maxLength: number): WordPieceFiles {
  const vocab = wordPieceVocabulary(vocabSize);
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      special(SPECIAL.pad, '[PAD]'),
      special(SPECIAL.unk, '[UNK]'),
      special(SPECIAL.cls, '[CLS]'),
      special(SPECIAL.sep, '[SEP]'),
      special(SPECIAL.mask, '[MASK]'),
    ],
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [SPECIAL.cls], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [SPECIAL.sep], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, id) => [token, id])),
    },
  };
  const config = {
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]',
    do_basic_tokenize: true,
    do_lower_case: true,
    mask_token: '[MASK]',
    model_max_length: maxLength,
    never_split: null,
    pad_token: '[PAD]',
    sep_token: '[SEP]',
    strip_accents: null,
    tokenize_chinese_chars: true,
    tokenizer_class: 'BertTokenizer',
    unk_token: '[UNK]',
  };
  const specialMap = { cls_token: '[CLS]', mask_token: '[MASK]', pad_token: '[PAD]', sep_token: '[SEP]', unk_token: '[UNK]' };
  return {
    'tokenizer.json': JSON.stringify(tokenizer),
    'tokenizer_config.json': `${JSON.stringify(config, null, 2)}\n`,
    'special_tokens_map.json': `${JSON.stringify(specialMap, null, 2)}\n`,
    'vocab.txt': `${vocab.join('\n')}\n`,
  };
}
