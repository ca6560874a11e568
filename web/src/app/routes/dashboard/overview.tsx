import type { DashboardStats } from '@model';
import { useEffect, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { getStats } from '@/features/dashboard/api/get-stats';
import { LeafIcon, ListIcon, PulseIcon, TagIcon } from '@/features/dashboard/components/dashboard-icons';
import { dashboardUserName } from '@/features/dashboard/components/dashboard-sidebar';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { UserInfoCard } from '@/features/dashboard/components/user-info-card';
import { useAuth } from '@/lib/auth';
import { useApiError } from '@/lib/use-api-error';

/**
 * Dashboard Overview: the four figures with their trends (real counts from GET /mango/stats, see
 * the README), who is signed in, and the user's latest activity. While loading, every card already
 * has its final size, so nothing moves when the numbers arrive.
 */
export function Component() {
  const { user } = useAuth();
  const handleError = useApiError();
  const [stats, setStats] = useState<DashboardStats>();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getStats(controller.signal)
      .then(setStats)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const message = handleError(failure, 'Please try again.');
        if (message) setError(`Failed to fetch total items: ${message}`);
      });
    return () => controller.abort();
  }, [handleError]);

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard Overview" lead={`Welcome back, ${dashboardUserName(user)}. Here is how your garden is growing.`} />
      {error ? (
        <Banner tone="error">Error: {error}</Banner>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={!stats}>
          {!stats && (
            <p className="sr-only" role="status">
              Loading the figures...
            </p>
          )}
          <StatCard label="Total Items" icon={ListIcon} figure={stats?.totalPlants} />
          <StatCard label="My Items" icon={LeafIcon} figure={stats?.mine?.plants} />
          <StatCard label="Categories" icon={TagIcon} figure={stats?.categories} outOf={stats?.categories.known} />
          <StatCard label="Activity" icon={PulseIcon} figure={stats?.activity} />
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <UserInfoCard user={user} />
        {!error && <RecentActivity events={stats?.mine?.recentActivity} />}
      </div>
    </div>
  );
}
