import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, photoUrl, renditionOfFile, splitChunks } from './photo-layout';

describe('splitChunks', () => {
  it('cuts bytes into chunks of at most CHUNK_BYTES that join back to the same bytes', () => {
    const data = Buffer.from(Array.from({ length: 2 * CHUNK_BYTES + 17 }, (_, i) => i % 251));
    const chunks = splitChunks(data);
    expect(chunks.map((chunk) => chunk.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 17]);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(splitChunks(data.subarray(0, CHUNK_BYTES)).map((chunk) => chunk.length)).toEqual([CHUNK_BYTES]);
    expect(splitChunks(Buffer.alloc(0))).toHaveLength(1);
  });

  it("keeps every chunk under Firestore's 1 MiB document limit", () => {
    expect(CHUNK_BYTES).toBeLessThan(1024 * 1024 - 64 * 1024);
  });
});

describe('rendition files', () => {
  it('names each rendition by the file its URL ends with, and nothing else', () => {
    expect(photoUrl('p1', 'f1', 'full')).toBe('/mango/p1/photos/f1/full.webp');
    expect(photoUrl('p1', 'f1', 'card')).toBe('/mango/p1/photos/f1/card.webp');
    expect(photoUrl('p1', 'f1', 'thumb')).toBe('/mango/p1/photos/f1/thumb.webp');
    expect(renditionOfFile('full.webp')).toBe('full');
    expect(renditionOfFile('card.webp')).toBe('card');
    expect(renditionOfFile('thumb.webp')).toBe('thumb');
    for (const file of ['full.jpg', 'thumb', 'FULL.webp', 'original.webp', ''])
      expect(renditionOfFile(file), file).toBeUndefined();
  });
});
