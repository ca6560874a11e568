import type { Household, HouseholdMember, OpenInvite } from '@model/household';
import { useEffect, useId, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { useAuth } from '@/lib/auth';
import { confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { changed } from '@/lib/server-changes';
import type { Answer, Settled } from '@/lib/server-state';
import { preloadToasts, toast } from '@/lib/toast';
import { createHousehold } from '../api/create-household';
import { dissolveHousehold } from '../api/dissolve-household';
import { HOUSEHOLD_PATH } from '../api/get-household';
import { INVITES_PATH } from '../api/list-invites';
import { removeMember } from '../api/remove-member';
import { renameHousehold } from '../api/rename-household';
import { updateMember } from '../api/update-member';
import { cardClass, dangerClass, secondaryClass, useHouseholdChange, useHouseholdError } from '../lib/household-ui';
import { HouseholdNameForm } from './household-name-form';
import { InviteMaker } from './invite-maker';
import { MemberList, type MemberActions } from './member-list';
import { OpenInvites } from './open-invites';

/** Every change is followed by a new read of the household: the page shows it as stored. */
const reread = () => changed({ reread: [HOUSEHOLD_PATH] });

/** Without a household: what one is for, and the form that makes one. */
export function CreateHousehold() {
  const householdError = useHouseholdError();
  const headingId = useId();
  useEffect(preloadToasts, []);
  const create = async (name: string) => {
    try {
      const household = await createHousehold(name);
      void toast.success(`Your household "${household.name}" is ready. Invite the people who look after your plants.`);
      await reread();
      return null;
    } catch (error) {
      return householdError(error, 'The household could not be created. Please try again.');
    }
  };
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Start a household
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700 dark:text-slate-300">
        You are in no household yet. Start one, then invite members who look after your plants with you, or a sitter for
        while you are away.
      </p>
      <HouseholdNameForm label="Household name" submitText="Create household" busyText="Creating..." onSave={create} />
    </section>
  );
}

/**
 * A household as its people see it; the owner also renames, invites and withdraws invites (`invites`,
 * the open ones), changes people and dissolves.
 */
export function HouseholdView({
  household,
  invites,
}: {
  household: Household;
  invites?: Answer<Settled<OpenInvite[]>>;
}) {
  const householdError = useHouseholdError();
  const myUid = useAuth().user?.uid;
  const isOwner = household.role === 'owner';
  const { failure, attempt } = useHouseholdChange(reread);
  const [renaming, setRenaming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const membersId = useId();
  useEffect(() => {
    preloadDialogs();
    preloadToasts();
  }, []);

  const actions: MemberActions = {
    remove: async (member: HouseholdMember) => {
      const confirmed = await confirmDialog({
        title: `Remove ${member.displayName}?`,
        text: `${member.displayName} no longer sees the household's plants. Their own plants stay theirs.`,
        confirmText: 'Yes, remove',
        danger: true,
      });
      if (confirmed)
        await attempt(
          () => removeMember(member.uid),
          `${member.displayName} is no longer in the household.`,
          'They could not be removed. Please try again.',
        );
    },
    makeOwner: async (member: HouseholdMember) => {
      const confirmed = await confirmDialog({
        title: `Make ${member.displayName} the owner?`,
        text: `${member.displayName} will invite, remove people and dissolve the household; you become a member.`,
        confirmText: 'Yes, hand over',
      });
      if (confirmed)
        await attempt(
          () => updateMember(member.uid, { role: 'owner' }),
          `${member.displayName} is the owner now.`,
          'Ownership could not be handed over. Please try again.',
        );
    },
    changeUntil: async (member: HouseholdMember, until: string) => {
      await attempt(
        () => updateMember(member.uid, { until }),
        `${member.displayName}'s date is changed.`,
        'The date could not be changed. Please try again.',
      );
    },
  };

  const rename = async (name: string) => {
    try {
      await renameHousehold(name);
      void toast.success(`The household is now "${name}".`);
      setRenaming(false);
      await reread();
      return null;
    } catch (error) {
      return householdError(error, 'The household could not be renamed. Please try again.');
    }
  };

  const dissolve = async () => {
    const confirmed = await confirmDialog({
      title: `Dissolve "${household.name}"?`,
      text: 'Everyone leaves the household and its open invite links stop working. Every plant stays its owner’s.',
      confirmText: 'Yes, dissolve it',
      danger: true,
    });
    if (confirmed)
      await attempt(dissolveHousehold, 'The household is dissolved.', 'The household could not be dissolved.');
  };

  const leave = async () => {
    const confirmed = await confirmDialog({
      title: `Leave "${household.name}"?`,
      text: 'You no longer see its shared plants; to come back you need a new invite. Your own plants stay yours.',
      confirmText: 'Yes, leave',
      danger: true,
    });
    if (!confirmed || !myUid) return;
    setLeaving(true);
    await attempt(() => removeMember(myUid), `You left "${household.name}".`, 'You could not leave. Please try again.');
    setLeaving(false);
  };

  return (
    <div className="space-y-6">
      {failure && <Banner tone="error">{failure}</Banner>}
      <section aria-labelledby={membersId} className={cardClass}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={membersId} className="break-words text-xl font-semibold text-slate-900 dark:text-white">
              {household.name}
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              You are {household.role === 'owner' ? 'its owner' : `a ${household.role}`}.
            </p>
          </div>
          {isOwner && (
            <button
              type="button"
              aria-expanded={renaming}
              onClick={() => setRenaming(!renaming)}
              className={secondaryClass}
            >
              Rename
            </button>
          )}
        </div>
        {renaming && (
          <div className="mt-4">
            <HouseholdNameForm
              label="New name"
              submitText="Save name"
              busyText="Saving..."
              initialName={household.name}
              onSave={rename}
            />
          </div>
        )}
        <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
          People ({household.members.length})
        </h3>
        <MemberList household={household} myUid={myUid} actions={actions} />
      </section>

      {isOwner && (
        <InviteMaker
          onCreated={() => {
            void toast.success('Invite link made. Copy it and send it.');
            void changed({ reread: [INVITES_PATH] });
          }}
        />
      )}
      {isOwner && invites && <OpenInvites answer={invites} />}

      <div>
        {isOwner ? (
          <button type="button" onClick={() => void dissolve()} className={dangerClass}>
            Dissolve household
          </button>
        ) : (
          <button
            type="button"
            disabled={leaving}
            aria-busy={leaving}
            onClick={() => void leave()}
            className={dangerClass}
          >
            {leaving ? 'Leaving...' : 'Leave household'}
          </button>
        )}
      </div>
    </div>
  );
}
