import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import {
  AWAY_MAX_DAYS_AHEAD,
  addDays,
  currentAway,
  type AwayInput,
  type Duty,
  type DutySettings,
  type UpdateDutyInput,
} from '../model';
import { requireMayMarkAway, requireOwner } from '../access/household-access';
import type { DutyRepository } from './duty.repository';
import { notInHousehold } from './households.repository';
import { isPlausibleUid } from './households.service';

const badInput = (field: string, message: string) => new HttpError(400, 'invalid_input', message, { [field]: message });

/** The rules of a household's rota (model/duty.ts): who may change it, and what it may hold. */
export function createDutyService(repository: () => DutyRepository, clock: () => Date) {
  return {
    /** GET /mango/household/duty: anyone of the household. */
    getDuty: (viewer: Viewer): Promise<Duty> => repository().getDuty(viewer.uid, clock()),

    /** PUT /mango/household/duty: the owner; a rotation names only the household's owner and members. */
    updateDuty(viewer: Viewer, input: UpdateDutyInput): Promise<Duty> {
      const now = clock();
      return repository().changeDuty(
        viewer.uid,
        now,
        (membership) => requireOwner(membership, now, 'change the rota'),
        ({ settings, people, today }) => {
          const may = new Set(people.filter((p) => p.role !== 'sitter').map((p) => p.uid));
          const stranger = input.rotation?.find((uid) => !may.has(uid));
          if (stranger !== undefined) {
            const sitter = people.some((p) => p.uid === stranger);
            throw badInput(
              'rotation',
              sitter
                ? 'A rotation names only the owner and members: a sitter covers only while everyone in it is away.'
                : 'A rotation names only people of this household: one of its ids is not an owner or a member.',
            );
          }
          const next: DutySettings = { ...settings, ...input, away: currentAway(settings.away, today) };
          if (next.mode === 'rotation' && !next.rotation.length)
            throw badInput('rotation', 'A rotation needs at least one person: name the owner or a member.');
          return next;
        },
      );
    },

    /** POST /mango/household/away: the caller, or anyone of the household for its owner; replaces their dates. */
    markAway(viewer: Viewer, input: AwayInput): Promise<Duty> {
      const now = clock();
      const target = input.uid ?? viewer.uid;
      if (!isPlausibleUid(target)) throw notInHousehold();
      return repository().changeDuty(
        viewer.uid,
        now,
        (membership) => requireMayMarkAway(membership, now, target),
        ({ settings, people, today }) => {
          if (!people.some((p) => p.uid === target)) throw notInHousehold();
          if (input.until < today) throw badInput('until', `The last day away cannot be before today (${today}).`);
          const latest = addDays(today, AWAY_MAX_DAYS_AHEAD);
          if (input.until > latest)
            throw badInput('until', `The last day away must be at most ${AWAY_MAX_DAYS_AHEAD} days ahead (${latest}).`);
          const away = currentAway(settings.away, today).filter((span) => span.uid !== target);
          return { ...settings, away: [...away, { uid: target, from: input.from, until: input.until }] };
        },
      );
    },

    /** DELETE /mango/household/away/:uid: back from being away; 404 when they are not marked away. */
    endAway(viewer: Viewer, target: string): Promise<Duty> {
      const now = clock();
      if (!isPlausibleUid(target)) throw notInHousehold();
      return repository().changeDuty(
        viewer.uid,
        now,
        (membership) => requireMayMarkAway(membership, now, target),
        ({ settings, today }) => {
          const away = currentAway(settings.away, today);
          if (!away.some((span) => span.uid === target))
            throw new HttpError(404, 'not_found', 'That person is not marked away.');
          return { ...settings, away: away.filter((span) => span.uid !== target) };
        },
      );
    },
  };
}

export type DutyService = ReturnType<typeof createDutyService>;
