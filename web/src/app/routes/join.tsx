import type { InviteInfo } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { getInvite, invitePath } from '@/features/households/api/get-invite';
import { InviteCard, InviteForVisitor } from '@/features/households/components/invite-card';
import { currentUser } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';

const messages = defineMessages({
  reading: { id: 'households.join.reading', message: 'Reading the invite...' },
});

interface JoinData {
  token: string;
  /** What the invite says, for a signed-in reader; null for a visitor (the API tells only the signed in). */
  invite: Answer<Settled<InviteInfo> | null>;
}

/** GET /mango/household/invites/:token once the reader is known to be signed in. */
export const { loader, shouldRevalidate } = serverData(({ read, params }): JoinData => {
  const token = params.token ?? '';
  const invite = currentUser().then((user) =>
    user ? settle(read(invitePath(token), (signal) => getInvite(token, signal))) : null,
  );
  return { token, invite };
});

/** The invite page (/join/:token), the link an owner sends: who invites, to what; Accept once signed in. */
export function Component() {
  const data = useLoaderData() as JoinData;
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-xl px-4 py-10 text-slate-700 dark:text-slate-300">
          {t(messages.reading)}
        </p>
      }
    >
      <Invite token={data.token} answer={data.invite} />
    </Suspense>
  );
}

function Invite({ token, answer }: { token: string; answer: JoinData['invite'] }) {
  const invite = useAnswer(answer);
  if (!invite) return <InviteForVisitor />;
  return invite.ok ? (
    <InviteCard token={token} invite={invite.data} />
  ) : (
    <InviteCard token={token} error={invite.error} />
  );
}
