import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { AiAssistantPromo } from '@/features/home/components/ai-assistant-promo';
import { BeginnerPlants } from '@/features/home/components/beginner-plants';
import { CareMistakes } from '@/features/home/components/care-mistakes';
import { NewPlants } from '@/features/home/components/new-plants';
import type { HomeLoaderData } from '@/app/routes/home.data';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  heading: { id: 'home.heading', message: 'Mango Grove Tracker: plant care made simple' },
});

// Its own chunk, fetched only once a signed-in user is known: visitors never download it.
const HomeDueBanner = lazy(() =>
  import('@/features/care/components/home-due-banner').then((module) => ({ default: module.HomeDueBanner })),
);

/** Home: the four sections under the layout's hero. */
export function Component() {
  const { user } = useAuth();
  const t = useT();
  const { newPlants, due } = useLoaderData() as HomeLoaderData;
  return (
    <>
      <h1 className="sr-only">{t(messages.heading)}</h1>
      {user?.email && due && (
        <Suspense fallback={null}>
          <HomeDueBanner plants={due} />
        </Suspense>
      )}
      <NewPlants plants={newPlants} />
      <CareMistakes />
      <BeginnerPlants />
      <AiAssistantPromo />
    </>
  );
}
