import type { DashboardStats, Plant } from '@model';
import { memo, Suspense, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { PlusIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { WateredButton } from '@/features/care/components/care-job-button';
import { NearestJobBadge } from '@/features/care/components/nearest-job-badge';
import { getStats, STATS_PATH } from '@/features/dashboard/api/get-stats';
import { dashboardUserName } from '@/app/routes/dashboard/dashboard-sidebar';
import { HealthTabs, tabId } from '@/features/dashboard/components/health-tabs';
import { MyItemCard } from '@/features/dashboard/components/my-item-card';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { SummaryCards } from '@/features/dashboard/components/summary-cards';
import { useDeletePlant } from '@/features/plants/hooks/use-delete-plant';
import { filterByHealth, type HealthFilter } from '@/features/dashboard/lib/health-filter';
import { MorePlants } from '@/features/plants/components/more-plants';
import { usePlantList } from '@/features/plants/hooks/use-plant-list';
import { myPlantsParams, NO_EMAIL } from '@/features/plants/lib/my-plants';
import { morePlants, readPlantList, type FirstPage } from '@/features/plants/lib/plant-list';
import { preloadDialogs } from '@/lib/dialogs';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { serverData, useAnswer, type Answer } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

const messages = defineMessages({
  title: { id: 'dashboardRoutes.myItems.title', message: "{name}'s Plants" },
  lead: { id: 'dashboardRoutes.myItems.lead', message: 'Your own plants, and how they are doing.' },
  addNew: { id: 'dashboardRoutes.myItems.addNew', message: 'Add New' },
  loading: { id: 'dashboardRoutes.myItems.loading', message: 'Loading your plants...' },
  tryAgain: { id: 'dashboardRoutes.myItems.tryAgain', message: 'Please try again.' },
  noEmail: {
    id: 'dashboardRoutes.myItems.noEmail',
    message: 'Failed to fetch items: your account has no email address, so it cannot own plants.',
  },
  fetchFailed: { id: 'dashboardRoutes.myItems.fetchFailed', message: 'Failed to fetch items: {reason}' },
  error: { id: 'dashboardRoutes.myItems.error', message: 'Error: {error}' },
  noPlants: { id: 'dashboardRoutes.myItems.noPlants', message: 'No plants yet' },
  noPlantsLead: {
    id: 'dashboardRoutes.myItems.noPlantsLead',
    message: 'Add a plant and it will be looked after here.',
  },
  addFirst: { id: 'dashboardRoutes.myItems.addFirst', message: 'Add Your First Plant' },
  noMatch: { id: 'dashboardRoutes.myItems.noMatch', message: 'No plants match your filter' },
});

const primaryLinkClass =
  'inline-flex items-center gap-2 rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-leaf-800';

interface HealthCounts {
  total: number;
  healthy: number;
}

interface MyItemsData {
  list: FirstPage;
  /** The summary cards' counts over all of the user's plants (GET /mango/stats `mine`); undefined without them (the cards keep their placeholders). */
  counts: Answer<HealthCounts | undefined>;
}

const countsOf = (stats: DashboardStats): HealthCounts | undefined =>
  stats.mine && { total: stats.mine.plants.value, healthy: stats.mine.healthyPlants };

/** The user's own plants a page at a time, and the summary cards' counts from the server's count() of them. */
export const { loader, shouldRevalidate } = serverData(
  ({ read }): MyItemsData => ({
    list: readPlantList({ read }, myPlantsParams(), NO_EMAIL),
    counts: read(STATS_PATH, (signal) => getStats(signal)).then(countsOf, () => undefined),
  }),
  morePlants(() => myPlantsParams()),
);

/** The cards' placeholders while the first page loads. */
function Skeleton() {
  const t = useT();
  return (
    <div role="status" className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">{t(messages.loading)}</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <div className="aspect-[4/3] w-full animate-pulse bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
          <div className="space-y-3 p-4">
            <div className="h-6 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-4 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Dashboard My Items: the user's own plants a page at a time (GET /mango?email= with the token:
 * the public list carries no owner email), the health tabs over the plants loaded, the cards and
 * the three summary cards.
 */
export function Component() {
  const t = useT();
  const { user } = useAuth();
  const data = useLoaderData() as MyItemsData;
  const idPrefix = useId().replace(/:/g, '');
  const [filter, setFilter] = useState<HealthFilter>('all');
  useEffect(preloadDialogs, []);
  const tabs = { idPrefix, filter, setFilter };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t(messages.title, { name: dashboardUserName(user, t) })}
        lead={t(messages.lead)}
        action={
          <Link to={paths.dashboardAddItem} className={primaryLinkClass}>
            <PlusIcon size={18} />
            {t(messages.addNew)}
          </Link>
        }
      />

      <Suspense
        fallback={
          <>
            <SummaryCards />
            <Tabs {...tabs} busy>
              <Skeleton />
            </Tabs>
          </>
        }
      >
        <Items data={data} {...tabs} />
      </Suspense>
    </div>
  );
}

interface TabsProps {
  idPrefix: string;
  filter: HealthFilter;
  setFilter: (filter: HealthFilter) => void;
}

function Tabs({
  idPrefix,
  filter,
  setFilter,
  busy = false,
  children,
}: TabsProps & { busy?: boolean; children: ReactNode }) {
  const panelId = `${idPrefix}-panel`;
  return (
    <>
      <HealthTabs value={filter} onChange={setFilter} panelId={panelId} idPrefix={idPrefix} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(idPrefix, filter)} aria-busy={busy}>
        {children}
      </div>
    </>
  );
}

interface ItemCardsProps {
  plants: readonly Plant[];
  deletingId: string | null;
  onDelete: (plant: Pick<Plant, '_id' | 'plantName'>) => void;
}

/** The cards. Memoised: Show more's progress and the summary's counts render again without redrawing every card. */
const ItemCards = memo(function ItemCards({ plants, deletingId, onDelete }: ItemCardsProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
      {plants.map((plant) => (
        <li key={plant._id} className="flex">
          <MyItemCard
            plant={plant}
            deleting={deletingId === plant._id}
            onDelete={onDelete}
            badges={<NearestJobBadge plant={plant} />}
            actions={<WateredButton plant={plant} />}
          />
        </li>
      ))}
    </ul>
  );
});

function Counts({ counts }: { counts: Answer<HealthCounts | undefined> }) {
  return <SummaryCards counts={useAnswer(counts)} />;
}

function Items({ data, ...tabs }: TabsProps & { data: MyItemsData }) {
  const t = useT();
  const list = usePlantList(data.list);
  const fetchError = useLoadError(list.error === NO_EMAIL ? null : list.error, t(messages.tryAgain));
  const moreError = useLoadError(list.moreError, t(messages.tryAgain));
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // The summary cards count every plant of the user: the server counts them again.
  const onGone = useCallback((id: string) => void changed({ removed: [id], reread: [STATS_PATH] }), []);
  const onFailure = useCallback((message: string) => setDeleteError(message), []);
  const { remove: deleteItem, deletingId } = useDeletePlant({
    dialogs: 'dashboard',
    onDeleted: onGone,
    onError: onFailure,
  });

  const error =
    list.error === NO_EMAIL
      ? t(messages.noEmail)
      : (deleteError ?? (fetchError && t(messages.fetchFailed, { reason: fetchError })));
  const plants = list.error ? undefined : list.plants;
  const shown = useMemo(() => filterByHealth(plants ?? [], tabs.filter), [plants, tabs.filter]);

  return (
    <>
      {error && <Banner tone="error">{t(messages.error, { error })}</Banner>}

      <Suspense fallback={<SummaryCards />}>
        <Counts counts={data.counts} />
      </Suspense>

      <Tabs {...tabs}>
        {plants && plants.length === 0 && (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t(messages.noPlants)}</h2>
            <p className="text-slate-700 dark:text-slate-300">{t(messages.noPlantsLead)}</p>
            <Link to={paths.dashboardAddItem} className={primaryLinkClass}>
              {t(messages.addFirst)}
            </Link>
          </div>
        )}
        {plants && plants.length > 0 && shown.length === 0 && (
          <p className="rounded-2xl bg-white px-4 py-12 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
            {t(messages.noMatch)}
          </p>
        )}
        {shown.length > 0 && <ItemCards plants={shown} deletingId={deletingId} onDelete={deleteItem} />}
        {plants && (
          <MorePlants
            shown={plants.length}
            total={list.total}
            hasMore={list.hasMore}
            loading={list.loadingMore}
            error={moreError}
            onMore={list.loadMore}
          />
        )}
      </Tabs>
    </>
  );
}
