import type { DashboardStats } from '@model';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { getStats, STATS_PATH } from '@/features/dashboard/api/get-stats';
import { LeafIcon, ListIcon, PulseIcon, TagIcon } from '@/components/ui/dashboard-icons';
import { dashboardUserName } from '@/app/routes/dashboard/dashboard-sidebar';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { UserInfoCard } from '@/features/dashboard/components/user-info-card';
import { useAuth, type AuthUser } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

const messages = defineMessages({
  title: { id: 'dashboardRoutes.overview.title', message: 'Dashboard Overview' },
  lead: {
    id: 'dashboardRoutes.overview.lead',
    message: 'Welcome back, {name}. Here is how your garden is growing.',
  },
  tryAgain: { id: 'dashboardRoutes.overview.tryAgain', message: 'Please try again.' },
  failed: { id: 'dashboardRoutes.overview.failed', message: 'Failed to fetch total items: {reason}' },
  error: { id: 'dashboardRoutes.overview.error', message: 'Error: {error}' },
  loading: { id: 'dashboardRoutes.overview.loading', message: 'Loading the figures...' },
  totalItems: { id: 'dashboardRoutes.overview.totalItems', message: 'Total Items' },
  myItems: { id: 'dashboardRoutes.overview.myItems', message: 'My Items' },
  categories: { id: 'dashboardRoutes.overview.categories', message: 'Categories' },
  activity: { id: 'dashboardRoutes.overview.activity', message: 'Activity' },
});

interface OverviewData {
  stats: Answer<Settled<DashboardStats>>;
}

/** The four figures and the user's latest activity (GET /mango/stats, with the token). */
export const { loader, shouldRevalidate } = serverData(({ read }): OverviewData => ({
  stats: settle(read(STATS_PATH, (signal) => getStats(signal))),
}));

/**
 * Dashboard Overview: the four figures with their trends (real counts from GET /mango/stats, see
 * docs/api.md), who is signed in, and the user's latest activity. While loading, every card already
 * has its final size, so nothing moves when the numbers arrive.
 */
export function Component() {
  const t = useT();
  const { user } = useAuth();
  const { stats } = useLoaderData() as OverviewData;
  return (
    <div className="space-y-6">
      <PageHeader title={t(messages.title)} lead={t(messages.lead, { name: dashboardUserName(user, t) })} />
      <Suspense fallback={<Figures user={user} />}>
        <LoadedFigures stats={stats} user={user} />
      </Suspense>
    </div>
  );
}

function LoadedFigures({ stats, user }: { stats: Answer<Settled<DashboardStats>>; user: AuthUser | null }) {
  const t = useT();
  const answer = useAnswer(stats);
  const failure = useLoadError(answer.ok ? null : answer.error, t(messages.tryAgain));
  return (
    <Figures
      user={user}
      stats={answer.ok ? answer.data : undefined}
      error={failure && t(messages.failed, { reason: failure })}
    />
  );
}

/** The figures (placeholders while `stats` is undefined), or the failure's sentence. */
function Figures({ stats, error, user }: { stats?: DashboardStats; error?: string | null; user: AuthUser | null }) {
  const t = useT();
  return (
    <>
      {error ? (
        <Banner tone="error">{t(messages.error, { error })}</Banner>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={!stats}>
          {!stats && (
            <p className="sr-only" role="status">
              {t(messages.loading)}
            </p>
          )}
          <StatCard label={t(messages.totalItems)} icon={ListIcon} figure={stats?.totalPlants} />
          <StatCard label={t(messages.myItems)} icon={LeafIcon} figure={stats?.mine?.plants} />
          <StatCard
            label={t(messages.categories)}
            icon={TagIcon}
            figure={stats?.categories}
            outOf={stats?.categories.known}
          />
          <StatCard label={t(messages.activity)} icon={PulseIcon} figure={stats?.activity} />
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <UserInfoCard user={user} />
        {!error && <RecentActivity events={stats?.mine?.recentActivity} />}
      </div>
    </>
  );
}
