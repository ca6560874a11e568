import type { Plant } from '@model';
import type { Household } from '@model/household';
import { Suspense, use, useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormPage } from '@/features/plants/components/form-page';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { backLinkClass, PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { PlantForm } from '@/features/plants/components/plant-form';
import type { PlantLoaderData } from '@/app/routes/plant.data';
import { isOwner } from '@/lib/plant-access';
import { updatePlantForm } from '@/features/plants/lib/plant-form-variants';
import { returnPath } from '@/features/plants/lib/return-path';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { requestWalk } from '@/features/places/api/list-places';
import { placeOption } from '@/features/places/lib/place-option';
import type { WalkPlace } from '@/features/places/types';
import { requestMyHousehold } from '@/lib/household';
import { useAnswer, type Answer } from '@/lib/server-state';

const messages = defineMessages({
  title: { id: 'routes.updatePlant.title', message: 'Update Plant' },
  lead: {
    id: 'routes.updatePlant.lead',
    message: 'Change the details of {name}. Description is optional; every other field is required.',
  },
  back: { id: 'routes.updatePlant.back', message: '← Back' },
  backToMyPlants: { id: 'routes.updatePlant.backToMyPlants', message: '← Back to My Plants' },
  loading: { id: 'routes.loading', message: 'Loading, please wait...' },
});

export const ErrorBoundary = PlantLoadError;

export function Component() {
  const { plant, signedInView } = useLoaderData() as PlantLoaderData;
  const location = useLocation();
  // The household, for "Share with <household>": asked for here, beside the loader, once a visit. The
  // route's loader is the plant's (plant.data.ts), which the router's entry chunk carries, and the
  // home page's bundle budget has no room for the household read in it.
  const [household] = useState(requestMyHousehold);
  // The places, for the Place box: asked for here too, for the same reason.
  const [places] = useState(requestWalk);
  const t = useT();
  if (!plant) return <PlantNotFound />;
  const back = returnPath(location.state);
  return (
    <>
      <NavigationPending />
      <FormPage
        title={t(messages.title)}
        lead={t(messages.lead, { name: plant.plantName })}
        before={
          <p className="mb-4">
            <Link to={back} className={backLinkClass}>
              {t(back === paths.myPlants ? messages.backToMyPlants : messages.back)}
            </Link>
          </p>
        }
      >
        <Suspense
          fallback={
            <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
              {t(messages.loading)}
            </p>
          }
        >
          <Form plant={plant} signedInView={signedInView} household={household} places={places} />
        </Suspense>
      </FormPage>
    </>
  );
}

/**
 * The form starts from the owner's view, which has the care schedules More care shows. Only the
 * plant's owner says whether it is shared and where it stands: a household member editing it is not
 * offered those boxes.
 */
function Form({
  plant,
  signedInView,
  household,
  places,
}: {
  plant: Plant;
  signedInView: Answer<Plant | null>;
  household: Promise<Household | null>;
  places: Promise<WalkPlace[] | null>;
}) {
  const view = useAnswer(signedInView);
  const ours = use(household);
  const theirPlaces = use(places);
  const { user } = useAuth();
  const variant = useMemo(() => updatePlantForm(view ?? plant, view?.care), [view, plant]);
  const owner = view !== null && isOwner(view, user?.uid);
  const share = owner && ours ? { householdName: ours.name, shared: view.shared ?? false } : null;
  const place = owner && theirPlaces ? placeOption(theirPlaces, view.place) : null;
  // Keyed by plant, so moving from one plant's form to another's starts from its values.
  return <PlantForm key={plant._id} variant={variant} share={share} place={place} />;
}
