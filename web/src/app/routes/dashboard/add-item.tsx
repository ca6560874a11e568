import type { Household } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { PlantForm } from '@/features/plants/components/plant-form';
import { addItemForm, shareNewPlant } from '@/features/plants/lib/plant-form-variants';
import { readWalk } from '@/features/places/api/list-places';
import { placeOption } from '@/features/places/lib/place-option';
import type { WalkPlace } from '@/features/places/types';
import { readMyHousehold } from '@/lib/household';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData, useAnswer, type Answer } from '@/lib/server-state';

const messages = defineMessages({
  title: { id: 'dashboardRoutes.addItem.title', message: 'Add New Item' },
  lead: { id: 'dashboardRoutes.addItem.lead', message: 'Add a fruit, flower, vegetable or herb to your garden.' },
  loading: { id: 'dashboardRoutes.addItem.loading', message: 'Loading, please wait...' },
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
  const t = useT();
  const data = useLoaderData() as FormData;
  return (
    <div className="space-y-6">
      <PageHeader title={t(messages.title)} lead={t(messages.lead)} />
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <Suspense
          fallback={
            <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
              {t(messages.loading)}
            </p>
          }
        >
          <Form data={data} />
        </Suspense>
      </div>
    </div>
  );
}

function Form({ data }: { data: FormData }) {
  const household = useAnswer(data.household);
  const places = useAnswer(data.places);
  return <PlantForm variant={addItemForm} share={shareNewPlant(household)} place={places && placeOption(places)} />;
}
