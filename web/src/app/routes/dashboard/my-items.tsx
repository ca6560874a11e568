import type { Plant } from '@model';
import { isHealthy } from '@model/care';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { PlusIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { dashboardUserName } from '@/features/dashboard/components/dashboard-sidebar';
import { HealthTabs, tabId } from '@/features/dashboard/components/health-tabs';
import { MyItemCard } from '@/features/dashboard/components/my-item-card';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { SummaryCards } from '@/features/dashboard/components/summary-cards';
import { useDeleteItem } from '@/features/dashboard/hooks/use-delete-item';
import { filterByHealth, type HealthFilter } from '@/features/dashboard/lib/health-filter';
import { getStats } from '@/features/dashboard/api/get-stats';
import { MorePlants } from '@/features/plants/components/more-plants';
import { useMyPlants } from '@/features/plants/hooks/use-my-plants';
import { DueBadge } from '@/features/watering/components/due-badge';
import { WateredButton } from '@/features/watering/components/watered-button';
import { useWatering } from '@/features/watering/hooks/use-watering';
import { preloadDialogs } from '@/lib/dialogs';
import { useAuth } from '@/lib/auth';

const primaryLinkClass = 'inline-flex items-center gap-2 rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-leaf-800';

interface HealthCounts {
  total: number;
  healthy: number;
}

/**
 * The summary cards' counts over all of the user's plants, from the server's count() of them
 * (GET /mango/stats `mine`): the list itself arrives a page at a time.
 */
function useHealthCounts(email: string | null | undefined) {
  const [counts, setCounts] = useState<HealthCounts>();
  useEffect(() => {
    if (!email) return;
    const controller = new AbortController();
    getStats(controller.signal).then(
      (stats) => {
        if (stats.mine) setCounts({ total: stats.mine.plants.value, healthy: stats.mine.healthyPlants });
      },
      // The cards keep their placeholders; the list says what went wrong, if anything did.
      () => undefined,
    );
    return () => controller.abort();
  }, [email]);
  /** A plant deleted on this page leaves the counts. */
  const forget = useCallback((plant: Pick<Plant, 'healthStatus'>) => {
    setCounts((current) => current && { total: current.total - 1, healthy: current.healthy - (isHealthy(plant.healthStatus) ? 1 : 0) });
  }, []);
  return { counts, forget };
}

/**
 * Dashboard My Items: the user's own plants a page at a time (GET /mango?email= with the token:
 * the public list carries no owner email), the health tabs over the plants loaded, the cards and
 * the three summary cards.
 */
export function Component() {
  const { user } = useAuth();
  const idPrefix = useId().replace(/:/g, '');
  const panelId = `${idPrefix}-panel`;
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [filter, setFilter] = useState<HealthFilter>('all');
  const email = user?.email;
  const list = useMyPlants(email);
  const { counts, forget } = useHealthCounts(email);
  useEffect(preloadDialogs, []);

  const loaded = list.status === 'ready' ? list.plants : undefined;
  const { removePlant, replacePlant } = list;
  const onGone = useCallback(
    (id: string) => {
      const gone = list.plants.find((plant) => plant._id === id);
      if (gone) forget(gone);
      removePlant(id);
    },
    [list.plants, forget, removePlant],
  );
  const onFailure = useCallback((message: string) => setDeleteError(message), []);
  const { deleteItem, deletingId } = useDeleteItem({ onGone, onFailure });
  const watering = useWatering({ onChange: replacePlant });

  // Plants are owned by accounts with an email (the API refuses the others), so there is nothing to ask for.
  const fetchError = list.status === 'error' && list.error ? `Failed to fetch items: ${list.error}` : null;
  const error = email ? (deleteError ?? fetchError) : 'Failed to fetch items: your account has no email address, so it cannot own plants.';
  const plants = loaded;
  const shown = useMemo(() => filterByHealth(plants ?? [], filter), [plants, filter]);

  return (
    <div className="space-y-6">
      <PageHeader
        title={`${dashboardUserName(user)}'s Plants`}
        lead="Your own plants, and how they are doing."
        action={
          <Link to={paths.dashboardAddItem} className={primaryLinkClass}>
            <PlusIcon size={18} />
            Add New
          </Link>
        }
      />

      {error && <Banner tone="error">Error: {error}</Banner>}

      <SummaryCards counts={counts} />

      <HealthTabs value={filter} onChange={setFilter} panelId={panelId} idPrefix={idPrefix} />

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(idPrefix, filter)} aria-busy={!plants && !error}>
        {!plants && !error && (
          <div role="status" className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
            <span className="sr-only">Loading your plants...</span>
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
        )}
        {plants && plants.length === 0 && (
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">No plants yet</h2>
            <p className="text-slate-700 dark:text-slate-300">Add a plant and it will be looked after here.</p>
            <Link to={paths.dashboardAddItem} className={primaryLinkClass}>
              Add Your First Plant
            </Link>
          </div>
        )}
        {plants && plants.length > 0 && shown.length === 0 && (
          <p className="rounded-2xl bg-white px-4 py-12 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
            No plants match your filter
          </p>
        )}
        {shown.length > 0 && (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((plant) => (
              <li key={plant._id} className="flex">
                <MyItemCard
                  plant={plant}
                  deleting={deletingId === plant._id}
                  onDelete={deleteItem}
                  badges={<DueBadge nextWateringDate={plant.nextWateringDate} />}
                  actions={<WateredButton plant={plant} onWater={watering.water} busy={watering.isBusy(plant._id)} size="small" />}
                />
              </li>
            ))}
          </ul>
        )}
        {plants && (
          <MorePlants
            shown={plants.length}
            total={list.total}
            hasMore={list.hasMore}
            loading={list.loadingMore}
            error={list.moreError}
            onMore={() => void list.loadMore()}
          />
        )}
      </div>
    </div>
  );
}
