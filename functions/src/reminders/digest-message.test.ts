import { describe, expect, it } from 'vitest';
import type { Plant } from '../model';
import { composeDigest } from './digest-message';

const plant = (id: string, plantName: string, nextWateringDate: string) =>
  ({ _id: id, plantName, nextWateringDate }) as unknown as Plant;
const links = { appUrl: 'https://mango.example', unsubscribeUrl: null };
const lines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));

describe('composeDigest', () => {
  it("lists the jobs due by the digest's day, saying how late each is on the day it is sent", () => {
    const plants = [
      plant('a', 'Fern', '2027-09-06'),
      plant('b', 'Palm', '2027-09-04'),
      plant('c', 'Cactus', '2027-09-07'),
    ];
    const onItsDay = composeDigest(plants, '2027-09-06', links)!;
    expect(lines(onItsDay.email.text)).toEqual(['- Palm: water (2 days overdue)', '- Fern: water (due today)']);
    // Held back by quiet hours until the next morning: the same jobs, as late as they are by then.
    const nextMorning = composeDigest(plants, '2027-09-06', links, new Map(), '2027-09-07')!;
    expect(lines(nextMorning.email.text)).toEqual(['- Palm: water (3 days overdue)', '- Fern: water (1 day overdue)']);
    expect(nextMorning.push.day).toBe('2027-09-06');
  });
});
