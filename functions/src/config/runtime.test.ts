import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_OPTIONS } from './runtime';

describe('runtime options', () => {
  it('name the same region as every Hosting rewrite to the function', () => {
    const firebaseJson = JSON.parse(readFileSync(path.resolve(__dirname, '../../../firebase.json'), 'utf8'));
    const rewrites = (
      firebaseJson.hosting.rewrites as { source: string; function?: { functionId: string; region: string } }[]
    ).filter((rewrite) => rewrite.function);
    expect(rewrites.map((r) => r.source)).toEqual(['/mango', '/mango/**']);
    for (const rewrite of rewrites) {
      expect(rewrite.function).toEqual({ functionId: 'api', region: RUNTIME_OPTIONS.region });
    }
  });
});
