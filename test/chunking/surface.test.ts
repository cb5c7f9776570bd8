import { describe, expect, it } from 'vitest';
import * as chunking from '../../src/chunking/index.js';

describe('src/chunking/index.ts public surface', () => {
  it('exports exactly chunkDocument and sectionsOf (types aside)', () => {
    expect(Object.keys(chunking).sort()).toEqual(['chunkDocument', 'sectionsOf']);
  });
});
