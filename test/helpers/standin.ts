import { standinDir, standinTokenizersRoot } from '../../src/models/standin/index.js';
import { MODELS_DIR, REPO } from './config.js';

/** The real tokenizers beside the repository, when this machine has them (CI may not). */
const tokenizers = standinTokenizersRoot(REPO);
export const SHARED_TOKENIZERS = tokenizers.looked;
export const HAS_SHARED_TOKENIZERS = tokenizers.root !== null;

/** The stand-in MiniLM (random weights, real shapes) that test/global-setup.ts generates. */
export const STANDIN_MINILM_DIR = standinDir(MODELS_DIR, 'minilm');
