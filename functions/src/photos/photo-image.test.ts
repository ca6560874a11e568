import { describe, expect, it } from 'vitest';
import { isHeif, sniffFormat } from './photo-image';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(16)]);

describe('isHeif', () => {
  it('knows HEIC and HEIF files by the major brand of their ftyp box', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'mif1', 'msf1']) expect(isHeif(ftyp(brand)), brand).toBe(true);
    for (const brand of ['avif', 'isom', 'mp42']) expect(isHeif(ftyp(brand)), brand).toBe(false);
    expect(isHeif(Buffer.from('ftypheic'))).toBe(false);
  });
});

describe('sniffFormat', () => {
  it('reads JPEG, PNG and WebP by their signatures, and nothing else', () => {
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    for (const other of ['GIF89a', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'II*\0', 'RIFF\0\0\0\0WAVEfmt ', '']) {
      expect(sniffFormat(Buffer.from(other, 'latin1')), other).toBeUndefined();
    }
    expect(sniffFormat(ftyp('heic'))).toBeUndefined();
  });
});
