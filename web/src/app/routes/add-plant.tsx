import type { Household } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { FormPage } from '@/features/plants/components/form-page';
import { PlantForm } from '@/features/plants/components/plant-form';
import { addPlantForm, shareNewPlant } from '@/features/plants/lib/plant-form-variants';
import { readMyHousehold } from '@/lib/household';
import { serverData, useAnswer, type Answer } from '@/lib/server-state';

/** The user's household, for the form's "Share with <household>" (none: no checkbox). */
export const { loader, shouldRevalidate } = serverData(({ read }) => ({ household: readMyHousehold(read) }));

export function Component() {
  const { household } = useLoaderData() as { household: Answer<Household | null> };
  return (
    <FormPage title="Add New Plant" lead="Every field is required. You can change any of them later.">
      <Suspense
        fallback={
          <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
            Loading, please wait...
          </p>
        }
      >
        <Form household={household} />
      </Suspense>
    </FormPage>
  );
}

function Form({ household }: { household: Answer<Household | null> }) {
  return <PlantForm variant={addPlantForm} share={shareNewPlant(useAnswer(household))} />;
}
