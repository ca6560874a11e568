import type { Household, OpenInvite } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { ReadFailed } from '@/components/ui/read-failed';
import { getHousehold, HOUSEHOLD_PATH } from '@/features/households/api/get-household';
import { INVITES_PATH, listInvites } from '@/features/households/api/list-invites';
import { CreateHousehold, HouseholdView } from '@/features/households/components/household-page';
import { ApiError } from '@/lib/api-client';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

interface HouseholdData {
  /** The user's household; null in none. */
  household: Answer<Settled<Household | null>>;
  /** Its open invites, read for its owner only (none for anyone else). */
  invites: Answer<Settled<OpenInvite[]>>;
}

const NONE: Settled<OpenInvite[]> = { ok: true, data: [] };

/** GET /mango/household: the household the user belongs to, or none; for its owner, GET /mango/household/invites. */
export const { loader, shouldRevalidate } = serverData(({ read }): HouseholdData => {
  const household = settle(read(HOUSEHOLD_PATH, (signal) => getHousehold(signal)));
  return {
    household,
    invites: household.then((answer) =>
      answer.ok && answer.data?.role === 'owner' ? settle(read(INVITES_PATH, (signal) => listInvites(signal))) : NONE,
    ),
  };
});

/** The Household page: start one, or see yours and its people (the owner also invites and changes them). */
export function Component() {
  const data = useLoaderData() as HouseholdData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="mb-2 text-3xl font-bold text-slate-900 dark:text-white">Household</h1>
      <p className="mb-8 text-slate-700 dark:text-slate-300">
        The people who look after your plants with you: members share the work, sitters help until a day you choose.
      </p>
      <Suspense
        fallback={
          <p role="status" className="text-slate-700 dark:text-slate-300">
            Loading your household...
          </p>
        }
      >
        <HouseholdAnswer answer={data.household} invites={data.invites} />
      </Suspense>
    </div>
  );
}

function HouseholdAnswer({
  answer,
  invites,
}: {
  answer: HouseholdData['household'];
  invites: HouseholdData['invites'];
}) {
  const loaded = useAnswer(answer);
  const error = loaded.ok ? null : loaded.error;
  const loadError = useLoadError(error, 'Your household could not be loaded. Please try again.');
  // A household's 403 (a sitter whose time ended) has its own sentence: the server's.
  const failure = error instanceof ApiError && error.status !== 401 ? error.message : loadError;
  // A sitter whose time ended may still start (or join) another household.
  const lapsed = error instanceof ApiError && error.status === 403;
  if (!loaded.ok) return <ReadFailed message={failure}>{lapsed && <CreateHousehold />}</ReadFailed>;
  return loaded.data ? <HouseholdView household={loaded.data} invites={invites} /> : <CreateHousehold />;
}
