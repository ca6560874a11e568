import type { Plant } from '@model';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MyPlantsList } from './my-plants-list';
import { SharedPlantsList } from './shared-plants-list';

const plant = (id: string, plantName: string, flags: Partial<Plant>): Plant => ({
  _id: id,
  plantName,
  category: 'foliage',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...flags,
});

const PLANTS = [
  plant('1', 'Monstera', { speciesId: 'monstera-deliciosa', toxicToCats: true, toxicToDogs: true }),
  plant('2', 'Calathea', { speciesId: 'goeppertia-orbifolia', toxicToCats: false, toxicToDogs: false }),
  plant('3', 'Mystery cutting', {}),
];

/** The pet-safety badges beside a plant's name in `scope` (a table row or a card). */
const petBadges = (scope: HTMLElement) =>
  within(scope)
    .queryAllByText(/^(Toxic to|Safe for)/)
    .map((badge) => badge.textContent);

describe('pet-safety badges in My Plants', () => {
  it("shows each plant's badge in the table's rows and on the phone's cards", () => {
    render(
      <MemoryRouter>
        <MyPlantsList plants={PLANTS} onDelete={vi.fn()} />
      </MemoryRouter>,
    );
    const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;
    const card = (name: string) =>
      within(screen.getByRole('list', { name: 'My plants' }))
        .getByRole('link', { name })
        .closest('li')!;
    for (const scope of [row, card]) {
      expect(petBadges(scope('Monstera'))).toEqual(['Toxic to cats', 'Toxic to dogs']);
      expect(petBadges(scope('Calathea'))).toEqual(['Safe for cats and dogs']);
      expect(petBadges(scope('Mystery cutting'))).toEqual([]);
    }
  });

  it('shows them on the plants shared with the user too', () => {
    render(
      <MemoryRouter>
        <SharedPlantsList plants={PLANTS} />
      </MemoryRouter>,
    );
    const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;
    expect(petBadges(card('Monstera'))).toEqual(['Toxic to cats', 'Toxic to dogs']);
    expect(petBadges(card('Calathea'))).toEqual(['Safe for cats and dogs']);
    expect(petBadges(card('Mystery cutting'))).toEqual([]);
  });
});
