// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerPath } from './server-state';

// Without a window, as for a loader still running once its test file's window has gone (a fresh
// clone's web suite failed on it twice, 2026-11-29): the answer's name comes from the path alone.
describe('answerPath without a window', () => {
  it('names an answer by its path and sorted query, whatever the origin', () => {
    expect(typeof globalThis.window).toBe('undefined');
    expect(answerPath('/mango?sort=plantName&limit=8&__as=user')).toBe('/mango?limit=8&sort=plantName');
    expect(answerPath('https://elsewhere.test/mango/due?b=2&a=1')).toBe('/mango/due?a=1&b=2');
  });
});
