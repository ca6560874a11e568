import { AddPlantForm } from '@/features/plants/components/add-plant-form';
import { FormPage } from '@/features/plants/components/form-page';

export function Component() {
  return (
    <FormPage title="Add New Plant" lead="Every field is required. You can change any of them later.">
      <AddPlantForm />
    </FormPage>
  );
}
