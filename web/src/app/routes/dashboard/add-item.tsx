import type { Household } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { PlantForm } from '@/features/plants/components/plant-form';
import { addItemForm, shareNewPlant } from '@/features/plants/lib/plant-form-variants';
import { readMyHousehold } from '@/lib/household';
import { serverData, useAnswer, type Answer } from '@/lib/server-state';

/** The user's household, for the form's "Share with <household>" (none: no checkbox). */
export const { loader, shouldRevalidate } = serverData(({ read }) => ({ household: readMyHousehold(read) }));

export function Component() {
  const { household } = useLoaderData() as { household: Answer<Household | null> };
  return (
    <div className="space-y-6">
      <PageHeader title="Add New Item" lead="Add a fruit, flower, vegetable or herb to your garden." />
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <Suspense
          fallback={
            <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
              Loading, please wait...
            </p>
          }
        >
          <Form household={household} />
        </Suspense>
      </div>
    </div>
  );
}

function Form({ household }: { household: Answer<Household | null> }) {
  return <PlantForm variant={addItemForm} share={shareNewPlant(useAnswer(household))} />;
}
