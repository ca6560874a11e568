import type { SpeciesAnswer } from '@model/species';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { activateLanguage } from '@/lib/i18n/i18n';
import type { Answer, Settled } from '@/lib/server-state';
import { renderRoutes } from '@/test/render-route';
import { SpeciesCard } from './species-card';
import { aSpecies } from '@/test/species';

const MONSTERA = aSpecies({
  commonNames: ['Swiss cheese plant', 'Split-leaf philodendron'],
  humidity: 'high',
  notes: 'Let the top third of the soil dry between waterings; the leaves split as the plant matures.',
});

/** The card as the plant's page shows it, on `day` (local noon), in the browser time zone `timeZone`. */
async function renderCard(
  species: Answer<Settled<SpeciesAnswer> | null>,
  { day = '2026-01-15', timeZone = 'Europe/London' } = {},
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00`));
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
  // Rendered inside act, so React hears when a promise the card waits for settles.
  await act(async () => {
    renderRoutes([{ path: '/', Component: () => <SpeciesCard speciesId={MONSTERA._id} species={species} /> }], '/');
  });
}

const season = (text: string) => screen.getByText(text, { selector: 'li' });

describe('SpeciesCard', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("shows the species' names, light, humidity, lowest temperature, watering, pets and notes", async () => {
    await renderCard({ ok: true, data: MONSTERA });
    const card = await screen.findByRole('region', { name: 'Species' });
    expect(within(card).getByText('Monstera deliciosa').tagName).toBe('I');
    expect(card).toHaveTextContent('Swiss cheese plant, Split-leaf philodendron');
    expect(within(card).getByText('Light: bright, indirect light')).toBeInTheDocument();
    expect(within(card).getByText('Humidity: high')).toBeInTheDocument();
    expect(within(card).getByText('Lowest temperature: 12 °C')).toBeInTheDocument();
    expect(season('Summer: every 7 days')).toBeInTheDocument();
    expect(season('Winter (rest): every 14 days')).toBeInTheDocument();
    expect(within(card).getByText('Toxic to cats and dogs.')).toBeInTheDocument();
    expect(card).toHaveTextContent('the leaves split as the plant matures.');
    // In English, the notes need no word on their language.
    expect(card).not.toHaveTextContent('(in English)');
    expect(within(card).getByText(/the leaves split/)).not.toHaveAttribute('lang');
  });

  describe('in another language', () => {
    afterEach(async () => {
      await act(() => activateLanguage('en'));
    });

    it("names the species in the reader's language only, and marks the notes as English", async () => {
      await activateLanguage('de');
      await renderCard({ ok: true, data: MONSTERA });
      const card = await screen.findByRole('region', { name: 'Art' });
      expect(card).toHaveTextContent('Monstera deliciosaFensterblatt, Monstera');
      expect(card).not.toHaveTextContent('Swiss cheese plant');
      const notes = within(card).getByText(/the leaves split/);
      expect(notes).toHaveAttribute('lang', 'en');
      expect(notes.parentElement).toHaveTextContent(/matures\. \(auf Englisch\)$/);
    });

    it('shows the scientific name alone where the language has no name for the species', async () => {
      await activateLanguage('fr');
      await renderCard({ ok: true, data: { ...MONSTERA, names: { es: [], de: [], fr: [] } } });
      const card = await screen.findByRole('region', { name: 'Espèce' });
      const names = within(card).getByText('Monstera deliciosa').parentElement!;
      expect(names).toHaveTextContent(/^Monstera deliciosa$/);
      expect(card).toHaveTextContent('(en anglais)');
    });
  });

  it.each([
    ['January in the north', '2026-01-15', 'Europe/London', 'Winter (rest): every 14 days', 'Summer: every 7 days'],
    ['July in the north', '2026-07-15', 'America/New_York', 'Summer: every 7 days', 'Winter (rest): every 14 days'],
    ['January in the south', '2026-01-15', 'Australia/Sydney', 'Summer: every 7 days', 'Winter (rest): every 14 days'],
    ['July in the south', '2026-07-15', 'America/Sao_Paulo', 'Winter (rest): every 14 days', 'Summer: every 7 days'],
  ])('%s marks the interval in use now', async (_case, day, timeZone, now, other) => {
    await renderCard({ ok: true, data: MONSTERA }, { day, timeZone });
    await screen.findByRole('region', { name: 'Species' });
    expect(within(season(now)).getByText('in use now')).toBeInTheDocument();
    expect(within(season(other)).queryByText('in use now')).not.toBeInTheDocument();
    expect(screen.getAllByText('in use now')).toHaveLength(1);
  });

  it('marks the season the plant rests in, summer for a plant that grows in the cool months', async () => {
    const cyclamen = { ...MONSTERA, watering: { summerDays: 21, winterDays: 5, rest: 'summer' as const } };
    await renderCard({ ok: true, data: cyclamen }, { day: '2026-07-15', timeZone: 'Europe/London' });
    await screen.findByRole('region', { name: 'Species' });
    expect(within(season('Summer (rest): every 21 days')).getByText('in use now')).toBeInTheDocument();
    expect(season('Winter: every 5 days')).toBeInTheDocument();
  });

  it.each<[boolean | null, boolean | null, string]>([
    [false, false, 'Safe for cats and dogs.'],
    [true, null, 'Toxic to cats. Not known for dogs: treat as possibly harmful.'],
    [null, null, 'Not known for cats and dogs: treat as possibly harmful.'],
  ])('cats %s, dogs %s: says %j', async (toxicToCats, toxicToDogs, line) => {
    await renderCard({ ok: true, data: { ...MONSTERA, toxicToCats, toxicToDogs } });
    expect(await screen.findByText(line)).toBeInTheDocument();
  });

  it('says it is loading until the species is in', async () => {
    let answer: (settled: Settled<SpeciesAnswer>) => void = () => {};
    await renderCard(new Promise<Settled<SpeciesAnswer>>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the species...');
    await act(async () => answer({ ok: true, data: MONSTERA }));
    expect(await screen.findByText('Monstera deliciosa')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says why a failed read failed, with Try again', async () => {
    await renderCard({ ok: false, error: new ApiError(503, 'unavailable', 'The server is busy right now.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy right now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByText(/in use now/)).not.toBeInTheDocument();
  });
});
