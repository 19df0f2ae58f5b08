import { existsSync } from 'node:fs';
import path from 'node:path';
import { standinDir } from '../../src/models/standin/index.js';
import { MODELS_DIR, REPO } from './config.js';

/** The real tokenizers beside the repository, when this machine has them (CI may not). */
export const SHARED_TOKENIZERS = path.resolve(REPO, '..', 'shared', 'models', 'tokenizers');
export const HAS_SHARED_TOKENIZERS = existsSync(SHARED_TOKENIZERS);

/** The stand-in MiniLM (random weights, real shapes) that test/global-setup.ts generates. */
export const STANDIN_MINILM_DIR = standinDir(MODELS_DIR, 'minilm');
