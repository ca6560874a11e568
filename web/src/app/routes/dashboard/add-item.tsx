import { PageHeader } from '@/features/dashboard/components/page-header';
import { PlantForm } from '@/features/plants/components/plant-form';
import { addItemForm } from '@/features/plants/lib/plant-form-variants';

export function Component() {
  return (
    <div className="space-y-6">
      <PageHeader title="Add New Item" lead="Add a fruit, flower, vegetable or herb to your garden." />
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800">
        <PlantForm variant={addItemForm} />
      </div>
    </div>
  );
}
