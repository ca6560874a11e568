import { Link } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { PlusIcon } from '@/components/ui/icons';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { CalendarPanel } from '@/features/calendar/components/calendar-panel';
import { MorePlants } from '@/features/plants/components/more-plants';
import { MyPlantsList } from '@/features/plants/components/my-plants-list';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { useDeletePlant } from '@/features/plants/hooks/use-delete-plant';
import { useMyPlants } from '@/features/plants/hooks/use-my-plants';
import { TransferPanel } from '@/features/transfer/components/transfer-panel';
import { DueBadge } from '@/features/watering/components/due-badge';
import { WateredButton } from '@/features/watering/components/watered-button';
import { useWatering } from '@/features/watering/hooks/use-watering';
import { useAuth } from '@/lib/auth';
import { formatCount } from '@/lib/text';

const primaryLinkClass = 'inline-flex items-center gap-2 rounded-lg bg-leaf-700 px-4 py-2.5 font-semibold text-white hover:bg-leaf-800';

export function Component() {
  const { user } = useAuth();
  const { status, plants, total, hasMore, loadMore, loadingMore, moreError, error, retry, removePlant, replacePlant } = useMyPlants(user?.email);
  const deletion = useDeletePlant({ onDeleted: removePlant });
  const watering = useWatering({ onChange: replacePlant });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <NavigationPending />
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">My Plants</h1>
          {status === 'ready' && plants.length > 0 && (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {total === 1 ? 'You are looking after 1 plant.' : `You are looking after ${formatCount(total)} plants.`}
            </p>
          )}
        </div>
        {status === 'ready' && plants.length > 0 && (
          <Link to={paths.addPlants} className={primaryLinkClass}>
            <PlusIcon size={18} />
            Add Plant
          </Link>
        )}
      </div>

      {status === 'loading' && <LoadingOverlay />}

      {status === 'error' && error && (
        <div className="space-y-4">
          <Banner tone="error">{error}</Banner>
          <button type="button" onClick={retry} className={primaryLinkClass}>
            Try again
          </button>
        </div>
      )}

      {status === 'ready' && plants.length === 0 && (
        <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <p className="text-lg text-slate-800 dark:text-slate-200">You haven&apos;t added any plants yet.</p>
          <Link to={paths.addPlants} className={`${primaryLinkClass} mt-6`}>
            <PlusIcon size={18} />
            Add Your First Plant
          </Link>
        </div>
      )}

      {status === 'ready' && plants.length > 0 && (
        <MyPlantsList
          plants={plants}
          onDelete={(plant) => void deletion.remove(plant)}
          deletingId={deletion.deletingId}
          renderBadges={(plant) => <DueBadge nextWateringDate={plant.nextWateringDate} />}
          renderActions={(plant) => <WateredButton plant={plant} onWater={watering.water} busy={watering.isBusy(plant._id)} size="small" />}
        />
      )}

      {status === 'ready' && (
        <MorePlants shown={plants.length} total={total} hasMore={hasMore} loading={loadingMore} error={moreError} onMore={() => void loadMore()} />
      )}

      <TransferPanel className="mt-10" onImported={retry} />
      <CalendarPanel className="mt-6" />
    </div>
  );
}
