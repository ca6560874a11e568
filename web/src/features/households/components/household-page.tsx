import type { Household, HouseholdMember, OpenInvite } from '@model/household';
import { useEffect, useId, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { useAuth } from '@/lib/auth';
import { confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
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

const messages = defineMessages({
  ready: {
    id: 'households.page.ready',
    message: 'Your household "{name}" is ready. Invite the people who look after your plants.',
  },
  notCreated: {
    id: 'households.page.notCreated',
    message: 'The household could not be created. Please try again.',
  },
  startHeading: { id: 'households.page.startHeading', message: 'Start a household' },
  startLead: {
    id: 'households.page.startLead',
    message:
      'You are in no household yet. Start one, then invite members who look after your plants with you, or a sitter for while you are away.',
  },
  nameLabel: { id: 'households.page.nameLabel', message: 'Household name' },
  create: { id: 'households.page.create', message: 'Create household' },
  creating: { id: 'households.page.creating', message: 'Creating...' },
  removeTitle: { id: 'households.page.removeTitle', message: 'Remove {name}?' },
  removeText: {
    id: 'households.page.removeText',
    message: "{name} no longer sees the household's plants. Their own plants stay theirs.",
  },
  removeConfirm: { id: 'households.page.removeConfirm', message: 'Yes, remove' },
  removed: { id: 'households.page.removed', message: '{name} is no longer in the household.' },
  notRemoved: { id: 'households.page.notRemoved', message: 'They could not be removed. Please try again.' },
  ownerTitle: { id: 'households.page.ownerTitle', message: 'Make {name} the owner?' },
  ownerText: {
    id: 'households.page.ownerText',
    message: '{name} will invite, remove people and dissolve the household; you become a member.',
  },
  ownerConfirm: { id: 'households.page.ownerConfirm', message: 'Yes, hand over' },
  ownerDone: { id: 'households.page.ownerDone', message: '{name} is the owner now.' },
  ownerFailed: {
    id: 'households.page.ownerFailed',
    message: 'Ownership could not be handed over. Please try again.',
  },
  untilChanged: { id: 'households.page.untilChanged', message: "{name}'s date is changed." },
  untilFailed: { id: 'households.page.untilFailed', message: 'The date could not be changed. Please try again.' },
  renamed: { id: 'households.page.renamed', message: 'The household is now "{name}".' },
  notRenamed: {
    id: 'households.page.notRenamed',
    message: 'The household could not be renamed. Please try again.',
  },
  dissolveTitle: { id: 'households.page.dissolveTitle', message: 'Dissolve "{name}"?' },
  dissolveText: {
    id: 'households.page.dissolveText',
    message: 'Everyone leaves the household and its open invite links stop working. Every plant stays its owner’s.',
  },
  dissolveConfirm: { id: 'households.page.dissolveConfirm', message: 'Yes, dissolve it' },
  dissolved: { id: 'households.page.dissolved', message: 'The household is dissolved.' },
  notDissolved: { id: 'households.page.notDissolved', message: 'The household could not be dissolved.' },
  leaveTitle: { id: 'households.page.leaveTitle', message: 'Leave "{name}"?' },
  leaveText: {
    id: 'households.page.leaveText',
    message: 'You no longer see its shared plants; to come back you need a new invite. Your own plants stay yours.',
  },
  leaveConfirm: { id: 'households.page.leaveConfirm', message: 'Yes, leave' },
  left: { id: 'households.page.left', message: 'You left "{name}".' },
  notLeft: { id: 'households.page.notLeft', message: 'You could not leave. Please try again.' },
  youAre: {
    id: 'households.page.youAre',
    message: 'You are {role, select, owner {its owner} member {a member} other {a sitter}}.',
  },
  rename: { id: 'households.page.rename', message: 'Rename' },
  newName: { id: 'households.page.newName', message: 'New name' },
  saveName: { id: 'households.page.saveName', message: 'Save name' },
  saving: { id: 'households.page.saving', message: 'Saving...' },
  people: { id: 'households.page.people', message: 'People ({count, number})' },
  inviteMade: { id: 'households.page.inviteMade', message: 'Invite link made. Copy it and send it.' },
  dissolve: { id: 'households.page.dissolve', message: 'Dissolve household' },
  leaving: { id: 'households.page.leaving', message: 'Leaving...' },
  leave: { id: 'households.page.leave', message: 'Leave household' },
});

/** Every change is followed by a new read of the household: the page shows it as stored. */
const reread = () => changed({ reread: [HOUSEHOLD_PATH] });

/** Without a household: what one is for, and the form that makes one. */
export function CreateHousehold() {
  const householdError = useHouseholdError();
  const t = useT();
  const headingId = useId();
  useEffect(preloadToasts, []);
  const create = async (name: string) => {
    try {
      const household = await createHousehold(name);
      void toast.success(t(messages.ready, { name: household.name }));
      await reread();
      return null;
    } catch (error) {
      return householdError(error, t(messages.notCreated));
    }
  };
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t(messages.startHeading)}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700 dark:text-slate-300">{t(messages.startLead)}</p>
      <HouseholdNameForm
        label={t(messages.nameLabel)}
        submitText={t(messages.create)}
        busyText={t(messages.creating)}
        onSave={create}
      />
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
  const t = useT();
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
      const name = { name: member.displayName };
      const confirmed = await confirmDialog({
        title: t(messages.removeTitle, name),
        text: t(messages.removeText, name),
        confirmText: t(messages.removeConfirm),
        danger: true,
      });
      if (confirmed) await attempt(() => removeMember(member.uid), t(messages.removed, name), t(messages.notRemoved));
    },
    makeOwner: async (member: HouseholdMember) => {
      const name = { name: member.displayName };
      const confirmed = await confirmDialog({
        title: t(messages.ownerTitle, name),
        text: t(messages.ownerText, name),
        confirmText: t(messages.ownerConfirm),
      });
      if (confirmed)
        await attempt(
          () => updateMember(member.uid, { role: 'owner' }),
          t(messages.ownerDone, name),
          t(messages.ownerFailed),
        );
    },
    changeUntil: async (member: HouseholdMember, until: string) => {
      await attempt(
        () => updateMember(member.uid, { until }),
        t(messages.untilChanged, { name: member.displayName }),
        t(messages.untilFailed),
      );
    },
  };

  const rename = async (name: string) => {
    try {
      await renameHousehold(name);
      void toast.success(t(messages.renamed, { name }));
      setRenaming(false);
      await reread();
      return null;
    } catch (error) {
      return householdError(error, t(messages.notRenamed));
    }
  };

  const dissolve = async () => {
    const confirmed = await confirmDialog({
      title: t(messages.dissolveTitle, { name: household.name }),
      text: t(messages.dissolveText),
      confirmText: t(messages.dissolveConfirm),
      danger: true,
    });
    if (confirmed) await attempt(dissolveHousehold, t(messages.dissolved), t(messages.notDissolved));
  };

  const leave = async () => {
    const confirmed = await confirmDialog({
      title: t(messages.leaveTitle, { name: household.name }),
      text: t(messages.leaveText),
      confirmText: t(messages.leaveConfirm),
      danger: true,
    });
    if (!confirmed || !myUid) return;
    setLeaving(true);
    await attempt(() => removeMember(myUid), t(messages.left, { name: household.name }), t(messages.notLeft));
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
            <p className="text-sm text-slate-700 dark:text-slate-300">{t(messages.youAre, { role: household.role })}</p>
          </div>
          {isOwner && (
            <button
              type="button"
              aria-expanded={renaming}
              onClick={() => setRenaming(!renaming)}
              className={secondaryClass}
            >
              {t(messages.rename)}
            </button>
          )}
        </div>
        {renaming && (
          <div className="mt-4">
            <HouseholdNameForm
              label={t(messages.newName)}
              submitText={t(messages.saveName)}
              busyText={t(messages.saving)}
              initialName={household.name}
              onSave={rename}
            />
          </div>
        )}
        <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
          {t(messages.people, { count: household.members.length })}
        </h3>
        <MemberList household={household} myUid={myUid} actions={actions} />
      </section>

      {isOwner && (
        <InviteMaker
          onCreated={() => {
            void toast.success(t(messages.inviteMade));
            void changed({ reread: [INVITES_PATH] });
          }}
        />
      )}
      {isOwner && invites && <OpenInvites answer={invites} />}

      <div>
        {isOwner ? (
          <button type="button" onClick={() => void dissolve()} className={dangerClass}>
            {t(messages.dissolve)}
          </button>
        ) : (
          <button
            type="button"
            disabled={leaving}
            aria-busy={leaving}
            onClick={() => void leave()}
            className={dangerClass}
          >
            {t(leaving ? messages.leaving : messages.leave)}
          </button>
        )}
      </div>
    </div>
  );
}
