import { matchesSearch, searchItems } from './search-items';

const plants = [
  { plantName: 'Sweet Basil', category: 'Herbs' },
  { plantName: 'Meyer Lemon', category: 'Fruit' },
  { plantName: 'Boston Fern', category: 'fern' },
  { plantName: 'Patio Rose', category: 'Flower' },
];

describe('the All Items search', () => {
  it('matches the name anywhere, ignoring letter case', () => {
    expect(searchItems(plants, 'basil').map((p) => p.plantName)).toEqual(['Sweet Basil']);
    expect(searchItems(plants, 'LEMON').map((p) => p.plantName)).toEqual(['Meyer Lemon']);
    expect(searchItems(plants, 'o').map((p) => p.plantName)).toEqual(['Meyer Lemon', 'Boston Fern', 'Patio Rose']);
  });

  it('matches the category too', () => {
    expect(searchItems(plants, 'fruit').map((p) => p.plantName)).toEqual(['Meyer Lemon']);
    expect(searchItems(plants, 'FERN').map((p) => p.plantName)).toEqual(['Boston Fern']);
    expect(searchItems(plants, 'flow').map((p) => p.plantName)).toEqual(['Patio Rose']);
  });

  it('shows everything for an empty or blank search, and nothing for a miss', () => {
    expect(searchItems(plants, '')).toHaveLength(4);
    expect(searchItems(plants, '   ')).toHaveLength(4);
    expect(searchItems(plants, 'cactus')).toEqual([]);
  });

  it('ignores spaces around the text but not inside it', () => {
    expect(matchesSearch(plants[0]!, '  sweet basil ')).toBe(true);
    expect(matchesSearch(plants[0]!, 'sweetbasil')).toBe(false);
  });
});
