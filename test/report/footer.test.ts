import { describe, expect, it } from 'vitest';
import { footer } from '../../src/report/notices.js';
import { CONTEXT } from './sample.js';

describe('footer', () => {
  it('names the config file when the base commit has one', () => {
    expect(footer({ ...CONTEXT, configFound: true })).toContain('rules from <code>.chunkgate.yml</code> at the base commit');
    expect(footer({ ...CONTEXT, configPath: 'docs/.chunkgate.yml' })).toContain('rules from <code>docs/.chunkgate.yml</code> at the base commit');
  });

  it('names no config file when there is none: the defaults applied', () => {
    const text = footer({ ...CONTEXT, configFound: false });
    expect(text).toContain('default rules (no config file at the base commit)');
    expect(text).not.toContain('.chunkgate.yml');
  });
});
