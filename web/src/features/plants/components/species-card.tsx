import { hemisphereOf, seasonalWateringDays, type WateringSeason } from '@model/seasons';
import type { SpeciesAnswer } from '@model/species';
import { Suspense, useMemo } from 'react';
import { petSafetySentences } from '@/components/pet-safety-badge';
import { Badge } from '@/components/ui/badge';
import { ReadFailed } from '@/components/ui/read-failed';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { LIGHT_WORDS } from '@/lib/light';
import { useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';
import { useToday } from '@/lib/use-today';
import { speciesPath } from '../api/get-species';
import { SpeciesNamesLine } from './species-names';
import { SpeciesNotes } from './species-notes';
import { intervalWithin } from '../lib/interval-text';

const messages = defineMessages({
  species: { id: 'plants.speciesCard.title', message: 'Species' },
  loading: { id: 'plants.speciesCard.loading', message: 'Loading the species...' },
  loadFailed: { id: 'plants.speciesCard.loadFailed', message: 'The species could not be loaded. Please try again.' },
  light: { id: 'plants.speciesCard.light', message: 'Light: {light}' },
  humidity: {
    id: 'plants.speciesCard.humidity',
    message: 'Humidity: {humidity, select, low {low} medium {medium} other {high}}',
  },
  temperature: { id: 'plants.speciesCard.temperature', message: 'Lowest temperature: {celsius, number} °C' },
  watering: { id: 'plants.speciesCard.watering', message: 'Watering' },
  season: {
    id: 'plants.speciesCard.season',
    message:
      '{season, select, summer {{rest, select, yes {Summer (rest): {interval}} other {Summer: {interval}}}} other {{rest, select, yes {Winter (rest): {interval}} other {Winter: {interval}}}}}',
  },
  inUse: { id: 'plants.speciesCard.inUse', message: 'in use now' },
});

export interface SpeciesCardProps {
  /** The plant's species id. */
  speciesId: string;
  /** The species the route's loader read (GET /mango/species/:id). */
  species: Answer<Settled<SpeciesAnswer> | null> | undefined;
}

/** The species' care as the catalogue states it, on the plant's page, for everyone. */
export function SpeciesCard(props: SpeciesCardProps) {
  const t = useT();
  return (
    <section
      aria-labelledby="plant-species"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="plant-species" className="text-xl font-bold text-slate-900 dark:text-white">
        {t(messages.species)}
      </h2>
      <Suspense
        fallback={
          <p role="status" aria-busy="true" className="mt-2 text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
          </p>
        }
      >
        <SpeciesFacts {...props} />
      </Suspense>
    </section>
  );
}

function SpeciesFacts({ speciesId, species }: SpeciesCardProps) {
  const t = useT();
  const answer = useAnswer(species);
  const error = useLoadError(answer && !answer.ok ? answer.error : null, t(messages.loadFailed));
  const today = useToday();
  // The browser's time zone says which half of the year is winter, and on which day the equinoxes fall.
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  if (!answer) return null;
  if (!answer.ok) {
    return <ReadFailed message={error} reread={[speciesPath(speciesId)]} className="mt-2" />;
  }
  const { scientificName, light, humidity, minTemperatureC, watering, notes, notesLanguage } = answer.data;
  const { season } = seasonalWateringDays(watering, today, hemisphereOf(timeZone), timeZone);
  const seasons: [WateringSeason, number][] = [
    ['summer', watering.summerDays],
    ['winter', watering.winterDays],
  ];
  return (
    <div className="mt-2 space-y-3 text-slate-800 dark:text-slate-200">
      <p>
        <i className="text-lg font-semibold text-slate-900 dark:text-white">{scientificName}</i>
        <SpeciesNamesLine species={answer.data} />
      </p>
      <ul className="space-y-1">
        <li>{t(messages.light, { light: LIGHT_WORDS[light] })}</li>
        <li>{t(messages.humidity, { humidity })}</li>
        <li>{t(messages.temperature, { celsius: minTemperatureC })}</li>
      </ul>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t(messages.watering)}</h3>
        <ul className="mt-1 space-y-1">
          {seasons.map(([name, days]) => (
            <li key={name} className="flex flex-wrap items-center gap-2">
              {t(messages.season, {
                season: name,
                rest: name === watering.rest ? 'yes' : 'no',
                interval: intervalWithin({ unit: 'day', count: days }, t),
              })}
              {name === season && <Badge tone="green">{t(messages.inUse)}</Badge>}
            </li>
          ))}
        </ul>
      </div>
      <p>{petSafetySentences(answer.data).join(' ')}</p>
      <SpeciesNotes notes={notes} notesLanguage={notesLanguage} />
    </div>
  );
}
