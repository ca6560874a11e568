import type { Household } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { FormPage } from '@/features/plants/components/form-page';
import { PlantForm } from '@/features/plants/components/plant-form';
import { addPlantForm, shareNewPlant } from '@/features/plants/lib/plant-form-variants';
import { readWalk } from '@/features/places/api/list-places';
import { placeOption } from '@/features/places/lib/place-option';
import type { WalkPlace } from '@/features/places/types';
import { readMyHousehold } from '@/lib/household';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData, useAnswer, type Answer } from '@/lib/server-state';

const messages = defineMessages({
  title: { id: 'routes.addPlant.title', message: 'Add New Plant' },
  lead: { id: 'routes.addPlant.lead', message: 'Every field is required. You can change any of them later.' },
  loading: { id: 'routes.loading', message: 'Loading, please wait...' },
});

interface FormData {
  /** The user's household, for the form's "Share with <household>" (none: no checkbox). */
  household: Answer<Household | null>;
  /** The user's places, for the form's Place box (null, a failed read: no box). */
  places: Answer<WalkPlace[] | null>;
}

export const { loader, shouldRevalidate } = serverData(({ read }): FormData => ({
  household: readMyHousehold(read),
  places: readWalk(read),
}));

export function Component() {
  const data = useLoaderData() as FormData;
  const t = useT();
  return (
    <FormPage title={t(messages.title)} lead={t(messages.lead)}>
      <Suspense
        fallback={
          <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
          </p>
        }
      >
        <Form data={data} />
      </Suspense>
    </FormPage>
  );
}

function Form({ data }: { data: FormData }) {
  const household = useAnswer(data.household);
  const places = useAnswer(data.places);
  return <PlantForm variant={addPlantForm} share={shareNewPlant(household)} place={places && placeOption(places)} />;
}
