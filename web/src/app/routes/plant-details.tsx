import type { Plant } from '@model';
import { speciesName } from '@model/species';
import { Suspense } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { plantEventsPath } from '@/features/care/api/list-plant-events';
import { PhotoGallery } from '@/features/photos/components/photo-gallery';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { careActionsClass, PlantDetails } from '@/features/plants/components/plant-details';
import { PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { SpeciesCard } from '@/features/plants/components/species-card';
import type { PlantDetailsLoaderData } from '@/app/routes/plant.data';
import { CareJobButton } from '@/features/care/components/care-job-button';
import { CheckInButton } from '@/features/care/components/check-in-button';
import { RhythmSuggestion } from '@/features/care/components/rhythm-suggestion';
import { FollowSpecies } from '@/features/plants/components/follow-species';
import { PlantPlace } from '@/features/places/components/plant-place';
import { CareTasks } from '@/features/care/components/care-tasks';
import { SnoozeButton } from '@/features/care/components/snooze-button';
import { useCareJobs, type CareJobsFlow } from '@/features/care/hooks/use-care-jobs';
import { CareHistory } from '@/features/care/components/care-history';
import { DueBadge } from '@/components/due-badge';
import { PetSafetyBadge } from '@/components/pet-safety-badge';
import { useAuth } from '@/lib/auth';
import { useLanguage, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { mayOnPlant } from '@/lib/plant-access';
import { changed, useChanges } from '@/lib/server-changes';
import { useToday } from '@/lib/use-today';
import { useAnswer, type Answer } from '@/lib/server-state';
import { formatDayMonth } from '@/lib/dates';
import { plantPath } from '@/lib/plant-path';
import { describeWatering } from '@/lib/text';

const messages = defineMessages({
  wateringSeason: {
    id: 'routes.plantDetails.wateringSeason',
    message:
      '{frequency} ({season, select, summer {summer} other {winter}}; every {days, plural, one {# day} other {# days}} from {date})',
  },
  sharedBy: { id: 'routes.plantDetails.sharedBy', message: 'Shared with you by {name}.' },
  memberMay: {
    id: 'routes.plantDetails.memberMay',
    message: 'You can care for it, edit it and add photos; only its owner can delete it.',
  },
  sitterMay: { id: 'routes.plantDetails.sitterMay', message: 'As a sitter you can record care jobs and notes.' },
  edit: { id: 'routes.plantDetails.edit', message: 'Edit Plant' },
});

export const ErrorBoundary = PlantLoadError;

export function Component() {
  const data = useLoaderData() as PlantDetailsLoaderData;
  if (!data.plant) return <PlantNotFound />;
  return <PlantPage loaded={data.plant} data={data} />;
}

function PlantPage({ loaded, data }: { loaded: Plant; data: PlantDetailsLoaderData }) {
  // A job (watering, fertilizing...) and its undo answer the stored plant: shown at once, and the history is read again.
  const overlay = useChanges();
  const plant = overlay(loaded, [loaded])[0] ?? loaded;
  const jobs = useCareJobs({
    onChange: (updated) => void changed({ answered: [updated], reread: [plantEventsPath(updated._id)] }),
  });
  // The owner's parts wait for the signed-in view (it carries ownerUid), which arrives just after the page is drawn.
  return (
    <>
      <NavigationPending />
      <PlantDetails
        plant={plant}
        badges={
          <>
            <DueBadge nextWateringDate={plant.nextWateringDate} />
            <PetSafetyBadge plant={plant} />
          </>
        }
        place={
          <Suspense fallback={null}>
            <PlaceSection plant={plant} signedInView={data.signedInView} species={data.species} />
          </Suspense>
        }
        species={plant.speciesId ? <SpeciesCard speciesId={plant.speciesId} species={data.species} /> : null}
        ownerActions={
          <Suspense fallback={null}>
            <CareActions plant={plant} signedInView={data.signedInView} jobs={jobs} />
          </Suspense>
        }
        watering={
          <Suspense fallback={describeWatering(plant.wateringFrequency)}>
            <WateringFrequency plant={plant} signedInView={data.signedInView} />
          </Suspense>
        }
        care={
          <Suspense fallback={null}>
            <CareTaskSection plant={plant} signedInView={data.signedInView} jobs={jobs} />
          </Suspense>
        }
        gallery={
          // Everyone sees the photos at once; the owner's controls follow the signed-in view.
          <Suspense fallback={<PhotoGallery plant={plant} photos={data.photos} owner={false} />}>
            <Gallery plant={plant} signedInView={data.signedInView} photos={data.photos} />
          </Suspense>
        }
      >
        <Suspense fallback={null}>
          <HistorySection plant={plant} signedInView={data.signedInView} history={data.history} photos={data.photos} />
        </Suspense>
      </PlantDetails>
    </>
  );
}

interface SignedInProps {
  plant: Plant;
  signedInView: Answer<Plant | null>;
}

/** The plant's view as its owner and household see it: a change's answer, else the signed-in view once read. */
function useOwnersView({ plant, signedInView }: SignedInProps): Plant | null {
  const view = useAnswer(signedInView);
  return plant.ownerUid ? plant : view;
}

/** "Every 7 days (summer; every 14 days from September 23)" while the watering follows its species' seasons. */
function WateringFrequency(props: SignedInProps) {
  const view = useOwnersView(props);
  const t = useT();
  const frequency = describeWatering(props.plant.wateringFrequency);
  const season = view?.wateringSeason;
  if (!season) return frequency;
  return t(messages.wateringSeason, {
    frequency,
    season: season.season,
    days: season.nextDays,
    date: formatDayMonth(season.changesOn),
  });
}

/**
 * What the signed-in user may do to the plant: its owner everything, someone of the household it is
 * shared with what their role allows (the owner's view says which), anyone else nothing. A job's
 * answer carries the same fields as the signed-in view.
 */
function useMay({ plant, signedInView }: SignedInProps) {
  const { user } = useAuth();
  const view = useAnswer(signedInView);
  return mayOnPlant(plant.ownerUid ? plant : view, user?.uid);
}

/**
 * Where the plant stands, from its owner's view (its owner and household see it; nobody else), and
 * whether the light there suits its species: the species' name and light are the species card's.
 */
function PlaceSection({ species, ...props }: SignedInProps & Pick<PlantDetailsLoaderData, 'species'>) {
  const signedIn = useAnswer(props.signedInView);
  const may = useMay(props);
  const location = useLocation();
  const known = useAnswer(species);
  const language = useLanguage();
  // A change's answer (a watering) that says where the plant stands, else the signed-in view.
  const view = props.plant.place !== undefined ? props.plant : signedIn;
  if (!view || view.place === undefined) return null;
  const catalogue = known?.ok ? known.data : null;
  return (
    <PlantPlace
      place={view.place}
      lightFit={view.lightFit}
      species={catalogue && { name: speciesName(catalogue, language), light: catalogue.light }}
      moveTo={may('edit') ? { pathname: paths.updatePlant(props.plant._id), from: location.pathname } : null}
    />
  );
}

/** Watered, Snooze and Edit Plant, for whoever may care for the plant (its owner, its household). */
function CareActions({ jobs, ...props }: SignedInProps & { jobs: CareJobsFlow }) {
  const location = useLocation();
  const view = useAnswer(props.signedInView);
  const may = useMay(props);
  const today = useToday();
  const { plant } = props;
  const ownersView = useOwnersView(props);
  const t = useT();
  if (!may('care')) return null;
  const waterDue = Boolean(plant.nextWateringDate && plant.nextWateringDate <= today);
  const suggestion = may('edit') ? ownersView?.suggestion : undefined;
  return (
    <>
      {view?.may && view.userName && (
        <p className="text-slate-700 dark:text-slate-300">
          {t(messages.sharedBy, { name: view.userName })} {t(may('edit') ? messages.memberMay : messages.sitterMay)}
        </p>
      )}
      <div className={careActionsClass}>
        <CareJobButton
          plant={plant}
          job="water"
          lastDate={plant.lastWateredDate}
          onDo={(named, date) => jobs.doJob(named, 'water', date)}
          busy={jobs.isBusy(plant._id)}
          align="left"
        />
        {waterDue && (
          <>
            <SnoozeButton
              plant={plant}
              job="water"
              onSnooze={(days) => jobs.snooze([{ plant, job: 'water' }], days)}
              busy={jobs.isBusy(plant._id)}
              align="left"
            />
            <CheckInButton
              plant={plant}
              job="water"
              onCheck={() => jobs.checkIn(plant, 'water')}
              busy={jobs.isBusy(plant._id)}
            />
          </>
        )}
        {may('edit') && (
          <Link
            to={paths.updatePlant(plant._id)}
            state={{ from: location.pathname }}
            className="inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
          >
            {t(messages.edit)}
          </Link>
        )}
      </div>
      {may('edit') && ownersView?.speciesId && ownersView.wateringFollows === 'own' && (
        <FollowSpecies
          plant={ownersView}
          onFollowed={() => changed({ reread: [plantPath(plant._id), plantEventsPath(plant._id)] })}
        />
      )}
      {ownersView && suggestion && (
        <RhythmSuggestion
          plant={ownersView}
          suggestion={suggestion}
          onAnswer={(use) => jobs.answerSuggestion({ ...ownersView, suggestion }, use)}
          busy={jobs.isBusy(plant._id)}
        />
      )}
    </>
  );
}

/** The care tasks, from the plant a job answered, else from the signed-in view (visitors' answers have no `care`). */
function CareTaskSection({ jobs, ...props }: SignedInProps & { jobs: CareJobsFlow }) {
  const view = useAnswer(props.signedInView);
  const may = useMay(props);
  const care = props.plant.care ?? view?.care;
  if (!may('care') || !care) return null;
  return <CareTasks plant={props.plant} care={care} jobs={jobs} editable={may('edit')} />;
}

function HistorySection({
  history,
  photos,
  ...props
}: SignedInProps & Pick<PlantDetailsLoaderData, 'history' | 'photos'>) {
  const may = useMay(props);
  return may('view') ? (
    <CareHistory
      plantId={props.plant._id}
      plantName={props.plant.plantName}
      history={history}
      photos={photos}
      canUpload={may('photo')}
    />
  ) : null;
}

function Gallery({ photos, ...props }: SignedInProps & { photos: PlantDetailsLoaderData['photos'] }) {
  return <PhotoGallery plant={props.plant} photos={photos} owner={useMay(props)('photo')} />;
}
