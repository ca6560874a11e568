import type { Plant } from '@model';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { careTipsFor } from '../lib/care-tips';
import { formatLongDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { describeWatering } from '@/lib/text';
import { CareLevelBadge, HealthBadge } from '@/components/plant-badges';
import { backLinkClass } from './plant-page-states';
import { PLANT_PAGE_SIZES } from '@/components/plant-image';
import { categoryWord, fieldLabels } from '../lib/plant-words';
import { PlantPhoto } from './plant-photo';

const messages = defineMessages({
  backToAll: { id: 'plants.back.allPlants', message: '← Back to All Plants' },
  healthStatus: { id: 'plants.details.healthStatus', message: 'Health status:' },
  lastWatered: { id: 'plants.details.lastWatered', message: 'Last Watered' },
  nextWatering: { id: 'plants.details.nextWatering', message: 'Next Watering' },
  notes: { id: 'plants.details.notes', message: 'Notes' },
});

interface PlantDetailsProps {
  plant: Plant;
  /** Badges beside the health badge (the due badge). */
  badges?: ReactNode;
  /** The buttons and links of whoever may care for the plant (Watered, Edit) in a row (`careActionsClass`); nothing for anyone else. */
  ownerActions?: ReactNode;
  /** Where the plant stands, under the facts, for those who see its owner's view. */
  place?: ReactNode;
  /** The plant's species card, under the facts. */
  species?: ReactNode;
  /** The watering frequency as the signed-in view says it (with its season); the plant's own words without it. */
  watering?: ReactNode;
  /** The owner's care tasks beside watering, under the facts. */
  care?: ReactNode;
  /** The plant's photos, under the facts. */
  gallery?: ReactNode;
  /** More sections under the care tips (the care history, for the owner). */
  children?: ReactNode;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="mt-1 font-semibold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

export const careActionsClass = 'flex flex-wrap items-center gap-3';

const sectionHeadingClass = 'text-xl font-bold text-slate-900 dark:text-white';

/** A plant's details page: photo, facts, care tips and, for its owner, the owner's controls. */
export function PlantDetails({
  plant,
  badges,
  ownerActions,
  place,
  species,
  watering,
  care,
  gallery,
  children,
}: PlantDetailsProps) {
  const t = useT();
  const tips = careTipsFor(plant.careLevel, t);
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12" aria-labelledby="plant-name">
      <p className="mb-6">
        <Link to={paths.allPlants} className={backLinkClass}>
          {t(messages.backToAll)}
        </Link>
      </p>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <div className="self-start overflow-hidden rounded-2xl shadow-md ring-1 ring-slate-200 dark:ring-slate-800">
          <PlantPhoto plant={plant} loading="eager" fetchPriority="high" sizes={PLANT_PAGE_SIZES} />
        </div>
        <div className="flex flex-col gap-6">
          <header className="flex flex-col gap-3">
            <h1 id="plant-name" className="text-3xl font-bold break-words text-slate-900 sm:text-4xl dark:text-white">
              {plant.plantName}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <span className="sr-only">{t(messages.healthStatus)}</span>
              <HealthBadge status={plant.healthStatus} />
              {badges}
            </div>
            {ownerActions}
          </header>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Fact term={t(fieldLabels.category)}>{categoryWord(plant.category, t)}</Fact>
            <Fact term={t(fieldLabels.careLevel)}>
              <CareLevelBadge level={plant.careLevel} />
            </Fact>
            <Fact term={t(fieldLabels.wateringFrequency)}>{watering ?? describeWatering(plant.wateringFrequency)}</Fact>
            <Fact term={t(messages.lastWatered)}>{formatLongDate(plant.lastWateredDate)}</Fact>
            <Fact term={t(messages.nextWatering)}>{formatLongDate(plant.nextWateringDate)}</Fact>
          </dl>
          {place}
          {species}
          {care}
          {plant.description?.trim() && (
            <section aria-labelledby="plant-description">
              <h2 id="plant-description" className={sectionHeadingClass}>
                {t(fieldLabels.description)}
              </h2>
              <p className="mt-2 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                {plant.description}
              </p>
            </section>
          )}
        </div>
      </div>
      {gallery && <div className="mt-10">{gallery}</div>}
      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section
          aria-labelledby="care-tips"
          className="rounded-2xl bg-leaf-50 p-6 ring-1 ring-leaf-600/30 dark:bg-leaf-900/40 dark:ring-leaf-700"
        >
          <h2 id="care-tips" className={sectionHeadingClass}>
            {tips.title}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800 marker:text-leaf-700 dark:text-slate-200 dark:marker:text-leaf-600">
            {tips.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
        {plant.notes?.trim() && (
          <section
            aria-labelledby="plant-notes"
            className="rounded-2xl bg-mango-50 p-6 ring-1 ring-mango-400/40 dark:bg-slate-900 dark:ring-slate-700"
          >
            <h2 id="plant-notes" className={sectionHeadingClass}>
              {t(messages.notes)}
            </h2>
            <p className="mt-2 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">{plant.notes}</p>
          </section>
        )}
        {children}
      </div>
    </article>
  );
}
