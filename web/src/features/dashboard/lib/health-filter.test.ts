import { filterByHealth } from './health-filter';

const plants = [
  { plantName: 'A', healthStatus: 'Healthy' },
  { plantName: 'B', healthStatus: 'Needs Care' },
  { plantName: 'C', healthStatus: 'Critical' },
  { plantName: 'D', healthStatus: 'healthy' },
  { plantName: 'E', healthStatus: 'Thriving' },
  { plantName: 'F', healthStatus: 'Healthy' },
];

describe('the Needs Care rule', () => {
  it('shows everything under All', () => {
    expect(filterByHealth(plants, 'all').map((p) => p.plantName)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it("counts only exactly 'Healthy' as healthy", () => {
    expect(filterByHealth(plants, 'healthy').map((p) => p.plantName)).toEqual(['A', 'F']);
  });

  it('puts every other status under Needs Care, whatever its letter case or wording', () => {
    expect(filterByHealth(plants, 'needs-care').map((p) => p.plantName)).toEqual(['B', 'C', 'D', 'E']);
  });
});
