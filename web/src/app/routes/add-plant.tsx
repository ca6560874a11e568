import { FormPage } from '@/features/plants/components/form-page';
import { PlantForm } from '@/features/plants/components/plant-form';
import { addPlantForm } from '@/features/plants/lib/plant-form-variants';

export function Component() {
  return (
    <FormPage title="Add New Plant" lead="Every field is required. You can change any of them later.">
      <PlantForm variant={addPlantForm} />
    </FormPage>
  );
}
