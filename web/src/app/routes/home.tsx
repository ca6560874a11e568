import { AiAssistantPromo } from '@/features/home/components/ai-assistant-promo';
import { BeginnerPlants } from '@/features/home/components/beginner-plants';
import { CareMistakes } from '@/features/home/components/care-mistakes';
import { NewPlants } from '@/features/plants/components/new-plants';

/** Home (SPEC.md section 2): the four sections under the layout's hero. */
export function Component() {
  return (
    <>
      <h1 className="sr-only">Mango Grove Tracker: plant care made simple</h1>
      <NewPlants />
      <CareMistakes />
      <BeginnerPlants />
      <AiAssistantPromo />
    </>
  );
}
