import { hemisphereOf, seasonalWateringDays, type WateringSeason } from '@model/seasons';
import type { HumidityLevel, SpeciesAnswer } from '@model/species';
import { Suspense, useMemo } from 'react';
import { petSafetySentences } from '@/components/pet-safety-badge';
import { Badge } from '@/components/ui/badge';
import { ReadFailed } from '@/components/ui/read-failed';
import { LIGHT_WORDS } from '@/lib/light';
import { useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';
import { useToday } from '@/lib/use-today';
import { speciesPath } from '../api/get-species';
import { SpeciesNamesLine } from './species-names';
import { SpeciesNotes } from './species-notes';

export interface SpeciesCardProps {
  /** The plant's species id. */
  speciesId: string;
  /** The species the route's loader read (GET /mango/species/:id). */
  species: Answer<Settled<SpeciesAnswer> | null> | undefined;
}

const HUMIDITY: Record<HumidityLevel, string> = { low: 'low', medium: 'medium', high: 'high' };

const every = (days: number) => (days === 1 ? 'every day' : `every ${days} days`);

/** The species' care as the catalogue states it, on the plant's page, for everyone. */
export function SpeciesCard(props: SpeciesCardProps) {
  return (
    <section
      aria-labelledby="plant-species"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="plant-species" className="text-xl font-bold text-slate-900 dark:text-white">
        Species
      </h2>
      <Suspense
        fallback={
          <p role="status" aria-busy="true" className="mt-2 text-slate-700 dark:text-slate-300">
            Loading the species...
          </p>
        }
      >
        <SpeciesFacts {...props} />
      </Suspense>
    </section>
  );
}

function SpeciesFacts({ speciesId, species }: SpeciesCardProps) {
  const answer = useAnswer(species);
  const error = useLoadError(
    answer && !answer.ok ? answer.error : null,
    'The species could not be loaded. Please try again.',
  );
  const today = useToday();
  // The browser's time zone says which half of the year is winter, and on which day the equinoxes fall.
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  if (!answer) return null;
  if (!answer.ok) {
    return <ReadFailed message={error} reread={[speciesPath(speciesId)]} className="mt-2" />;
  }
  const { scientificName, light, humidity, minTemperatureC, watering, notes, notesLanguage } = answer.data;
  const { season } = seasonalWateringDays(watering, today, hemisphereOf(timeZone), timeZone);
  const seasons: [WateringSeason, string, number][] = [
    ['summer', 'Summer', watering.summerDays],
    ['winter', 'Winter', watering.winterDays],
  ];
  return (
    <div className="mt-2 space-y-3 text-slate-800 dark:text-slate-200">
      <p>
        <i className="text-lg font-semibold text-slate-900 dark:text-white">{scientificName}</i>
        <SpeciesNamesLine species={answer.data} />
      </p>
      <ul className="space-y-1">
        <li>Light: {LIGHT_WORDS[light]}</li>
        <li>Humidity: {HUMIDITY[humidity]}</li>
        <li>Lowest temperature: {minTemperatureC} °C</li>
      </ul>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">Watering</h3>
        <ul className="mt-1 space-y-1">
          {seasons.map(([name, label, days]) => (
            <li key={name} className="flex flex-wrap items-center gap-2">
              {`${label}${name === watering.rest ? ' (rest)' : ''}: ${every(days)}`}
              {name === season && <Badge tone="green">in use now</Badge>}
            </li>
          ))}
        </ul>
      </div>
      <p>{petSafetySentences(answer.data).join(' ')}</p>
      <SpeciesNotes notes={notes} notesLanguage={notesLanguage} />
    </div>
  );
}
