import type { Plant } from '@model';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PetSafetyBadge, petSafetySentences } from './pet-safety-badge';

type Flags = Pick<Plant, 'speciesId' | 'toxicToCats' | 'toxicToDogs'>;
const WITH_SPECIES = { speciesId: 'monstera-deliciosa' };

describe('PetSafetyBadge', () => {
  it('calls a plant safe, in green, only when its species is safe for both cats and dogs', () => {
    render(<PetSafetyBadge plant={{ ...WITH_SPECIES, toxicToCats: false, toxicToDogs: false }} />);
    expect(screen.getByText('Safe for cats and dogs')).toHaveClass('bg-green-100');
    expect(screen.queryByText(/toxic/i)).not.toBeInTheDocument();
  });

  it.each<[string, Flags, string[]]>([
    ['toxic to cats', { ...WITH_SPECIES, toxicToCats: true, toxicToDogs: false }, ['Toxic to cats']],
    ['toxic to dogs', { ...WITH_SPECIES, toxicToCats: false, toxicToDogs: true }, ['Toxic to dogs']],
    ['toxic to both', { ...WITH_SPECIES, toxicToCats: true, toxicToDogs: true }, ['Toxic to cats', 'Toxic to dogs']],
    ['toxic to cats, dogs unknown', { ...WITH_SPECIES, toxicToCats: true, toxicToDogs: null }, ['Toxic to cats']],
  ])('%s: says so in red, and never "safe"', (_case, plant, labels) => {
    render(<PetSafetyBadge plant={plant} />);
    expect(screen.getAllByText(/^Toxic to/).map((badge) => badge.textContent)).toEqual(labels);
    for (const label of labels) expect(screen.getByText(label)).toHaveClass('bg-red-100');
    expect(screen.queryByText(/safe/i)).not.toBeInTheDocument();
  });

  it.each<[string, Flags, string]>([
    ['both unknown', { ...WITH_SPECIES, toxicToCats: null, toxicToDogs: null }, 'cats and dogs'],
    ['safe for cats, dogs unknown', { ...WITH_SPECIES, toxicToCats: false, toxicToDogs: null }, 'dogs'],
    ['toxic to cats, dogs unknown', { ...WITH_SPECIES, toxicToCats: true, toxicToDogs: null }, 'dogs'],
    ['unknown dogs, absent cats', { ...WITH_SPECIES, toxicToDogs: null }, 'cats and dogs'],
  ])('%s: says what it does not know means, in amber, and never "safe"', (_case, plant, pets) => {
    render(<PetSafetyBadge plant={plant} />);
    expect(screen.getByText(`Not known for ${pets}: treat as possibly harmful`)).toHaveClass('bg-amber-100');
    expect(screen.queryByText(/safe for/i)).not.toBeInTheDocument();
  });

  it.each<[string, Flags]>([
    ['no species at all', {}],
    ['no species, even with flags that say safe', { toxicToCats: false, toxicToDogs: false }],
  ])('%s: shows nothing', (_case, plant) => {
    const { container } = render(<PetSafetyBadge plant={plant} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('petSafetySentences', () => {
  it.each<[boolean | null, boolean | null, string[]]>([
    [false, false, ['Safe for cats and dogs.']],
    [true, true, ['Toxic to cats and dogs.']],
    [true, false, ['Toxic to cats.', 'Safe for dogs.']],
    [null, true, ['Toxic to dogs.', 'Not known for cats: treat as possibly harmful.']],
    [false, null, ['Safe for cats.', 'Not known for dogs: treat as possibly harmful.']],
    [null, null, ['Not known for cats and dogs: treat as possibly harmful.']],
  ])('cats %s, dogs %s', (toxicToCats, toxicToDogs, sentences) => {
    expect(petSafetySentences({ toxicToCats, toxicToDogs })).toEqual(sentences);
  });
});
