import type { Species } from '@model/species';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { activateLanguage } from '@/lib/i18n/i18n';
import { searchSpecies } from '../api/search-species';
import { SpeciesCombobox } from './species-combobox';
import { aSpecies } from '@/test/species';

vi.mock('../api/search-species', () => ({ searchSpecies: vi.fn() }));

const species = (_id: string, scientificName: string, commonNames: string[]) =>
  aSpecies({ _id, scientificName, commonNames });

const MONSTERA = species('monstera-deliciosa', 'Monstera deliciosa', ['Swiss cheese plant', 'Monstera']);
const CHARD = species('beta-vulgaris-cicla-group', 'Beta vulgaris Cicla Group', ['Swiss chard', 'Chard']);
const ADANSONII = species('monstera-adansonii', 'Monstera adansonii', ['Monkey mask plant', 'Swiss cheese vine']);

function Harness({ onChoose }: { onChoose: (species: Species) => void }) {
  const [chosen, setChosen] = useState<Species | null>(null);
  return (
    <SpeciesCombobox
      chosen={chosen}
      onChoose={(picked) => {
        onChoose(picked);
        setChosen(picked);
      }}
      onClear={() => setChosen(null)}
      hint="Watering every 7 days: the species' summer interval."
    />
  );
}

/** The box's name in the language the test speaks. */
const BOX_NAME = { en: 'Species (optional)', de: 'Art (optional)', fr: 'Espèce (facultatif)' } as const;

function renderBox(language: keyof typeof BOX_NAME = 'en') {
  const onChoose = vi.fn();
  render(<Harness onChoose={onChoose} />);
  return { onChoose, box: screen.getByRole('combobox', { name: BOX_NAME[language] }) };
}

describe('SpeciesCombobox', () => {
  beforeEach(() => {
    vi.mocked(searchSpecies).mockReset().mockResolvedValue([MONSTERA, CHARD, ADANSONII]);
  });

  it('picks "Swiss cheese plant" by keyboard alone: type, ArrowDown, Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChoose, box } = renderBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');

    await user.type(box, 'swiss');
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    const list = await screen.findByRole('listbox');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    // One request for the whole word, once typing paused.
    expect(searchSpecies).toHaveBeenCalledTimes(1);
    expect(searchSpecies).toHaveBeenCalledWith('swiss', 'en', expect.any(AbortSignal));
    // Each option: the common name that matched, then the scientific name in italics.
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Swiss cheese plantMonstera deliciosa',
      'Swiss chardBeta vulgaris Cicla Group',
      'Swiss cheese vineMonstera adansonii',
    ]);
    expect(within(options[0]!).getByText('Monstera deliciosa').tagName).toBe('I');

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');

    expect(onChoose).toHaveBeenCalledWith(MONSTERA);
    const chosen = screen.getByRole('group', { name: 'Species (optional)' });
    expect(chosen).toHaveTextContent('Swiss cheese plant Monstera deliciosa');
    expect(chosen).toHaveTextContent("Watering every 7 days: the species' summer interval.");
    expect(screen.queryByRole('combobox', { name: 'Species (optional)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear species' })).toHaveFocus();
  });

  it('wraps with ArrowUp, closes on Escape without picking, and clears the text on a second Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChoose, box } = renderBox();
    await user.type(box, 'swiss');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(screen.getByRole('listbox')).getAllByRole('option')[2]!.id,
    );
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('swiss');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('picks with a click, and Clear species brings the empty box back with the focus in it', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChoose, box } = renderBox();
    await user.type(box, 'swiss');
    await user.click(await screen.findByRole('option', { name: /Swiss chard/ }));
    expect(onChoose).toHaveBeenCalledWith(CHARD);
    await user.click(screen.getByRole('button', { name: 'Clear species' }));
    const again = screen.getByRole('combobox', { name: 'Species (optional)' });
    expect(again).toHaveValue('');
    expect(again).toHaveFocus();
  });

  it('asks nothing under two characters, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(searchSpecies).mockResolvedValue([]);
    const { box } = renderBox();
    await user.type(box, 'x');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searchSpecies).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(box, 'yz');
    expect(await screen.findByText('No species matches “xyz”.')).toHaveRole('status');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it("aborts the previous request when the text changes, and says the API's sentence or its own when a search fails", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(searchSpecies).mockRejectedValueOnce(new ApiError(400, 'invalid_input', 'q must be 2 to 60 characters.'));
    const { box } = renderBox();
    await user.type(box, 'mo');
    expect(await screen.findByText('q must be 2 to 60 characters.')).toHaveRole('status');

    vi.mocked(searchSpecies).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.type(box, 'n');
    expect(await screen.findByText('The species could not be searched. Please try again.')).toHaveRole('status');

    // A request still on its way when the text changes is aborted.
    let first: AbortSignal | undefined;
    vi.mocked(searchSpecies).mockImplementationOnce((_q, _language, signal) => {
      first = signal;
      return new Promise(() => {});
    });
    await user.type(box, 's');
    await waitFor(() => expect(first).toBeDefined());
    await user.type(box, 't');
    expect(first!.aborted).toBe(true);
    expect(await screen.findByRole('listbox')).toBeVisible();
    expect(searchSpecies).toHaveBeenLastCalledWith('monst', 'en', expect.any(AbortSignal));
  });

  describe('in another language', () => {
    const CALATHEA = aSpecies({
      _id: 'goeppertia-orbifolia',
      scientificName: 'Goeppertia orbifolia',
      commonNames: ['Calathea orbifolia', 'Round-leaf calathea'],
      names: { es: [], de: [], fr: [] },
    });
    const FIG = aSpecies({
      _id: 'ficus-carica',
      scientificName: 'Ficus carica',
      commonNames: ['Fig', 'Common fig', 'Fig tree'],
      names: { es: ['Higuera'], de: ['Feige', 'Echte Feige', 'Feigenbaum'], fr: ['Figuier'] },
    });

    afterEach(async () => {
      await act(() => activateLanguage('en'));
    });

    it("searches in the reader's language and shows its names, the scientific name alone where it has none", async () => {
      await activateLanguage('de');
      vi.mocked(searchSpecies).mockResolvedValue([MONSTERA, FIG, CALATHEA]);
      const user = userEvent.setup({ delay: null });
      const { onChoose, box } = renderBox('de');
      await user.type(box, 'baum');
      const list = await screen.findByRole('listbox');
      expect(searchSpecies).toHaveBeenCalledWith('baum', 'de', expect.any(AbortSignal));
      // The German name that holds the text, else the most used one; never an English name.
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['FensterblattMonstera deliciosa', 'FeigenbaumFicus carica', 'Goeppertia orbifolia']);
      await user.click(within(list).getByRole('option', { name: 'Goeppertia orbifolia' }));
      expect(onChoose).toHaveBeenCalledWith(CALATHEA);
      expect(screen.getByRole('group', { name: BOX_NAME.de })).not.toHaveTextContent('Calathea');
      expect(screen.getByText('Goeppertia orbifolia').tagName).toBe('I');
    });

    it('asks again in the new language when the reader switches', async () => {
      const user = userEvent.setup({ delay: null });
      const { box } = renderBox();
      await user.type(box, 'fig');
      await screen.findByRole('listbox');
      expect(searchSpecies).toHaveBeenLastCalledWith('fig', 'en', expect.any(AbortSignal));
      vi.mocked(searchSpecies).mockResolvedValue([FIG]);
      await act(() => activateLanguage('fr'));
      await waitFor(() => expect(searchSpecies).toHaveBeenLastCalledWith('fig', 'fr', expect.any(AbortSignal)));
      expect((await screen.findByRole('option', { name: /^Figuier/ })).textContent).toBe('FiguierFicus carica');
    });
  });
});
