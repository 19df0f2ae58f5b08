import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/index.js';
import { tempDir } from '../../helpers/config.js';

describe('the people settings', () => {
  it('have defaults that work on a fresh clone, and environment overrides', () => {
    const cwd = tempDir();
    expect(loadConfig({ env: {}, cwd }).config.people).toEqual({ nameMatch: { high: 0.9, low: 0.6 }, detection: { minConfidence: 60, absenceMs: 30_000 } });
    const env = { NADINE_PEOPLE__NAME_MATCH__HIGH: '0.95', NADINE_PEOPLE__DETECTION__MIN_CONFIDENCE: '75' };
    expect(loadConfig({ env, cwd }).config.people).toMatchObject({ nameMatch: { high: 0.95 }, detection: { minConfidence: 75 } });
  });

  it('refuse a low threshold above the high one, and confidences outside 0-100', () => {
    const cwd = tempDir();
    expect(() => loadConfig({ env: { NADINE_PEOPLE__NAME_MATCH__LOW: '0.95' }, cwd })).toThrow(/people\.nameMatch: low must not exceed high/);
    expect(() => loadConfig({ env: { NADINE_PEOPLE__DETECTION__MIN_CONFIDENCE: '120' }, cwd })).toThrow(ConfigError);
  });
});
