import type { Duty } from '@model/duty';
import type { Household, OpenInvite } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { ReadFailed } from '@/components/ui/read-failed';
import { CalendarPanel } from '@/features/calendar/components/calendar-panel';
import { getHousehold, HOUSEHOLD_PATH } from '@/features/households/api/get-household';
import { DUTY_PATH, getDuty } from '@/features/households/api/get-duty';
import { INVITES_PATH, listInvites } from '@/features/households/api/list-invites';
import { CreateHousehold, HouseholdView } from '@/features/households/components/household-page';
import { RotaPanel } from '@/features/households/components/rota-panel';
import { householdSentence } from '@/features/households/lib/household-ui';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

interface HouseholdData {
  /** The user's household; null in none. */
  household: Answer<Settled<Household | null>>;
  /** Its open invites, read for its owner only (none for anyone else). */
  invites: Answer<Settled<OpenInvite[]>>;
  /** Its rota (GET /mango/household/duty); null in no household. */
  duty: Answer<Settled<Duty | null>>;
}

const messages = defineMessages({
  title: { id: 'households.route.title', message: 'Household' },
  lead: {
    id: 'households.route.lead',
    message:
      'The people who look after your plants with you: members share the work, sitters help until a day you choose.',
  },
  loading: { id: 'households.route.loading', message: 'Loading your household...' },
  notLoaded: { id: 'households.route.notLoaded', message: 'Your household could not be loaded. Please try again.' },
  rotaNotLoaded: { id: 'households.route.rotaNotLoaded', message: 'The rota could not be loaded. Please try again.' },
});

const NONE: Settled<OpenInvite[]> = { ok: true, data: [] };

/** GET /mango/household: the household the user belongs to, or none; for its owner, GET /mango/household/invites. */
export const { loader, shouldRevalidate } = serverData(({ read }): HouseholdData => {
  const household = settle(read(HOUSEHOLD_PATH, (signal) => getHousehold(signal)));
  return {
    household,
    invites: household.then((answer) =>
      answer.ok && answer.data?.role === 'owner' ? settle(read(INVITES_PATH, (signal) => listInvites(signal))) : NONE,
    ),
    duty: household.then((answer): Promise<Settled<Duty | null>> | Settled<Duty | null> =>
      answer.ok && answer.data ? settle(read(DUTY_PATH, (signal) => getDuty(signal))) : { ok: true, data: null },
    ),
  };
});

/** The Household page: start one, or see yours and its people (the owner also invites and changes them). */
export function Component() {
  const data = useLoaderData() as HouseholdData;
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="mb-2 text-3xl font-bold text-slate-900 dark:text-white">{t(messages.title)}</h1>
      <p className="mb-8 text-slate-700 dark:text-slate-300">{t(messages.lead)}</p>
      <Suspense
        fallback={
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
          </p>
        }
      >
        <HouseholdAnswer answer={data.household} invites={data.invites} duty={data.duty} />
      </Suspense>
    </div>
  );
}

function HouseholdAnswer({
  answer,
  invites,
  duty,
}: {
  answer: HouseholdData['household'];
  invites: HouseholdData['invites'];
  duty: HouseholdData['duty'];
}) {
  const loaded = useAnswer(answer);
  const t = useT();
  const error = loaded.ok ? null : loaded.error;
  const loadError = useLoadError(error, t(messages.notLoaded));
  // A household's 403 (a sitter whose time ended) has its own sentence.
  const failure = error instanceof ApiError && error.status !== 401 ? householdSentence(error) : loadError;
  // A sitter whose time ended may still start (or join) another household.
  const lapsed = error instanceof ApiError && error.status === 403;
  if (!loaded.ok) return <ReadFailed message={failure}>{lapsed && <CreateHousehold />}</ReadFailed>;
  if (!loaded.data) return <CreateHousehold />;
  return (
    <div className="space-y-6">
      <HouseholdView household={loaded.data} invites={invites} />
      <RotaAnswer household={loaded.data} duty={duty} />
      <CalendarPanel feed="household" />
    </div>
  );
}

/** The rota below the household; a rota that could not be read says so and leaves the rest of the page. */
function RotaAnswer({ household, duty }: { household: Household; duty: HouseholdData['duty'] }) {
  const loaded = useAnswer(duty);
  const myUid = useAuth().user?.uid;
  const t = useT();
  const failure = useLoadError(loaded.ok ? null : loaded.error, t(messages.rotaNotLoaded));
  if (!loaded.ok) return <ReadFailed message={failure} />;
  return loaded.data ? <RotaPanel household={household} duty={loaded.data} myUid={myUid} /> : null;
}
