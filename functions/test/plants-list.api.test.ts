import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app';
import { HOSTING_URL } from './support/emulators';

const SEEDED_NAMES = ['Garden Mint', 'Cherry Tomato', 'Patio Rose', 'Sweet Basil'];

describe('GET /mango', () => {
  it('answers every plant as a JSON array, newest first, without owner-only fields', async () => {
    const response = await request(testApp()).get('/mango').expect(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const plants = response.body as { plantName: string; createdAt: string; userEmail?: string; ownerUid?: string }[];
    expect(Array.isArray(plants)).toBe(true);
    expect(plants.map((p) => p.plantName)).toEqual(expect.arrayContaining(SEEDED_NAMES));
    const times = plants.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const plant of plants) {
      expect(plant).not.toHaveProperty('userEmail');
      expect(plant).not.toHaveProperty('ownerUid');
    }
  });

  it('is reachable through the Hosting rewrite, as the browser calls it', async () => {
    const response = await fetch(`${HOSTING_URL}/mango`);
    expect(response.status).toBe(200);
    const plants = (await response.json()) as { plantName: string }[];
    expect(plants.map((p) => p.plantName)).toEqual(expect.arrayContaining(SEEDED_NAMES));
  });
});
