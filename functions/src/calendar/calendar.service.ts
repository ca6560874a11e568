import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isSharedWith, requireMember, sharingMembership, type Membership } from '../access/household-access';
import type { MembershipReader } from '../access/household-access';
import type { DutyReader } from '../households/duty';
import type { PlacesReader } from '../places/place-books.repository';
import { dutyDayOf, dutyView, onDutyOn, utcToday } from '../model';
import { DEFAULT_LANGUAGE, type Language } from '../model/languages';
import { log } from '../lib/log';
import { HttpError } from '../lib/http-error';
import { translatorFor } from '../lib/translator';
import type { Viewer } from '../lib/viewer';
import { renderHouseholdCalendar, renderWateringCalendar } from './calendar.feed';
import type { CalendarRepository, FeedRecord, FeedStore, StoredFeed } from './calendar.repository';

/** A secret is 32 bytes (an HMAC-SHA-256) in base64url without padding: 43 characters. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A household feed's file name: its secret, then `.ics`. */
const HOUSEHOLD_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
/** The server's key must be long enough to be unguessable (32 random characters or more). */
const MIN_FEED_KEY_LENGTH = 32;

/** Where a person copies a link: a personal one from My Plants or Today, a household one from its page. */
const PERSONAL_LINK_PAGES = 'My Plants or Dashboard Today';
const HOUSEHOLD_LINK_PAGE = 'the Household page';

const malformedLink = (where = PERSONAL_LINK_PAGES) =>
  new HttpError(
    400,
    'invalid_calendar_link',
    `This is not a Mango Grove Tracker calendar link. Copy the link again from ${where}.`,
  );
// One answer for a secret nobody has and for one that was reset: it tells nothing about accounts.
const unknownLink = (where = PERSONAL_LINK_PAGES) =>
  new HttpError(
    404,
    'not_found',
    `This calendar link does not work. It may have been reset: copy the current link from ${where}.`,
  );
const unavailable = () =>
  new HttpError(503, 'unavailable', 'Calendar links are not available right now. Please try again later.');

/**
 * A feed's secret: HMAC-SHA-256 of the user and the feed's random nonce under the server's key.
 * The database keeps the nonce and a hash of the secret, never the secret: whoever reads the
 * database cannot build a working link without the key, and the server can still give a user
 * the same link every time.
 */
export function deriveFeedSecret(key: string, uid: string, nonce: string, householdId?: string): string {
  const what = householdId === undefined ? 'calendar-feed' : `household-calendar-feed\n${householdId}`;
  return createHmac('sha256', key).update(`${what}\n${uid}\n${nonce}`).digest('base64url');
}

export function hashFeedSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function isWellFormedFeedSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
}

/**
 * Whether a household link was made in `membership`, this join of its household, and not in an
 * earlier one of the same person: a link names the membership it was made in (`membershipKey`, its
 * share key, new with every join). A link made before links named one was made in this membership
 * when it was made since the join.
 */
export function madeInMembership({ record, madeAt }: StoredFeed, membership: Membership): boolean {
  if (record.householdId !== membership.householdId) return false;
  if (record.membershipKey !== undefined) return record.membershipKey === membership.shareKey;
  return !!madeAt && !!membership.joinedAt && madeAt.getTime() >= membership.joinedAt.getTime();
}

/**
 * The rules of the private calendar feed: a user's link (made on first request, the same until
 * reset), resetting it, and the feed a link opens. `feedKey` is the server's key (CALENDAR_FEED_KEY).
 */
export function createCalendarService(
  repository: () => CalendarRepository,
  {
    clock,
    feedKey,
    membershipOf = async () => null,
    dutyOf = async () => null,
    placesOf = async () => ({ placeOf: () => null }),
    languageOf = async () => DEFAULT_LANGUAGE,
  }: {
    clock: () => Date;
    feedKey: () => string;
    membershipOf?: MembershipReader;
    dutyOf?: DutyReader;
    /** Where each plant stands, named in its events (the feed's person's places: one getAll of at most two books). */
    placesOf?: PlacesReader;
    /** The language a person reads the product in (their reminder settings': one read), which their feeds speak. */
    languageOf?: (uid: string) => Promise<Language>;
  },
) {
  function key(): string {
    const value = feedKey();
    if (value.length < MIN_FEED_KEY_LENGTH) {
      log.error(
        `CALENDAR_FEED_KEY is missing or shorter than ${MIN_FEED_KEY_LENGTH} characters: calendar links cannot be made.`,
      );
      throw unavailable();
    }
    return value;
  }

  /** A new link for `uid`: their own feed, or with `membership` their link to that household's feed. */
  function newFeed(k: string, uid: string, membership?: Membership): { record: FeedRecord; secret: string } {
    // 256 random bits per feed; the secret derived from them is as unguessable as the key.
    const nonce = randomBytes(32).toString('base64url');
    const secret = deriveFeedSecret(k, uid, nonce, membership?.householdId);
    const bound = membership ? { householdId: membership.householdId, membershipKey: membership.shareKey } : {};
    return { record: { nonce, secretHash: hashFeedSecret(secret), ...bound }, secret };
  }

  /** The stored feed's secret, or null when the server's key has changed since it was made. */
  function secretOf(k: string, uid: string, feed: FeedRecord): string | null {
    const secret = deriveFeedSecret(k, uid, feed.nonce, feed.householdId);
    return hashFeedSecret(secret) === feed.secretHash ? secret : null;
  }

  /** The caller's membership for a household link: 404 in none, 403 for a sitter whose time has ended. */
  async function membershipFor(viewer: Viewer): Promise<Membership> {
    const membership = await membershipOf(viewer.uid);
    requireMember(membership, clock());
    return membership!;
  }

  /** Whether a stored link is `uid`'s current one: their own feed's, or one made in `membership`. */
  const isCurrent = (stored: StoredFeed, membership?: Membership) =>
    membership ? madeInMembership(stored, membership) : stored.record.householdId === undefined;

  /**
   * The secret of `uid`'s link in `store` (their own feed's, or with `membership` their link to
   * their household's), made on the first call in a transaction: two first calls at once both end
   * with the one secret stored. A link made with an older key, or in another membership (another
   * household, or an earlier join of this one), is replaced.
   */
  async function ensureLink(store: FeedStore, uid: string, membership?: Membership): Promise<string> {
    const k = key();
    let secret = '';
    // `decide` may run again when the transaction is retried: the secret kept is the last one.
    await store.ensureFeed(uid, clock(), (stored) => {
      const current = stored && isCurrent(stored, membership) ? secretOf(k, uid, stored.record) : null;
      if (current) {
        secret = current;
        // A household link made before links named their membership names this one from now on.
        return membership && stored!.record.membershipKey === undefined
          ? { ...stored!.record, membershipKey: membership.shareKey }
          : null;
      }
      const next = newFeed(k, uid, membership);
      secret = next.secret;
      return next.record;
    });
    return secret;
  }

  /** A new secret for `uid`'s link in `store`; the old one stops working at once. */
  async function resetLink(store: FeedStore, uid: string, membership?: Membership): Promise<string> {
    const k = key();
    let secret = '';
    // `next` may run again when the write is retried: the secret stored is the last one made.
    await store.rotateFeed(
      uid,
      () => {
        const next = newFeed(k, uid, membership);
        secret = next.secret;
        return next.record;
      },
      clock(),
    );
    return secret;
  }

  return {
    /**
     * GET /mango/calendar: the user's secret, made on the first call (in a transaction: two first
     * calls at once both end with the one secret stored). When the server's key was changed (a
     * leaked key is replaced that way), every old link stops working and the user gets a new one
     * made with the new key.
     */
    getFeedSecret: (viewer: Viewer): Promise<string> => ensureLink(repository(), viewer.uid),

    /**
     * POST /mango/calendar/rotate: a new secret; the old one stops working at once. A reset is a
     * write of the user's account (it counts against the write budget); two resets at once are
     * made one after the other, and only the later one's link works.
     */
    rotateFeedSecret: (viewer: Viewer): Promise<string> => resetLink(repository(), viewer.uid),

    /**
     * GET /mango/calendar/:secret: the iCalendar feed of the secret's owner: their plants and those
     * their household shares with them (a sitter's until their last day), in their language. Needs
     * no key.
     */
    async renderFeed(secret: string, siteOrigin: string): Promise<string> {
      if (!isWellFormedFeedSecret(secret)) throw malformedLink();
      const ownerUid = await repository().findOwnerBySecretHash(hashFeedSecret(secret));
      if (!ownerUid) throw unknownLink();
      const now = clock();
      const [found, translator] = await Promise.all([membershipOf(ownerUid), languageOf(ownerUid).then(translatorFor)]);
      const membership = sharingMembership(found, now);
      const [plants, rota] = await Promise.all([
        repository().listScheduledPlants(ownerUid, membership?.householdShareKeys),
        membership ? dutyOf(membership.householdId) : null,
      ]);
      // Who is on duty for each job of a shared plant in a household with a rotation (today for an overdue one).
      const today = utcToday(now);
      const onDuty = rota
        ? (plant: (typeof plants)[number], date: string) =>
            isSharedWith(plant, membership) ? onDutyOn(rota.settings, rota.people, dutyDayOf(date, today)) : null
        : undefined;
      const places = await placesOf({ uid: ownerUid }, plants, membership, now);
      return renderWateringCalendar(
        plants,
        siteOrigin,
        onDuty,
        (plant) => places.placeOf(plant)?.name ?? null,
        translator,
      );
    },

    /**
     * GET /mango/calendar/household: the caller's link to their household's feed, made on the
     * first call and the same until reset; a link made in another membership (another household, or
     * before they left this one and joined again) is replaced. Anyone of the household (a sitter
     * until their last day); 404 in none.
     */
    getHouseholdFeedSecret: async (viewer: Viewer): Promise<string> =>
      ensureLink(repository().household, viewer.uid, await membershipFor(viewer)),

    /** POST /mango/calendar/household/rotate: a new household link for the caller; their old one stops working. */
    rotateHouseholdFeedSecret: async (viewer: Viewer): Promise<string> =>
      resetLink(repository().household, viewer.uid, await membershipFor(viewer)),

    /**
     * GET /mango/calendar/household/:secret.ics: the feed of the link's household, while the
     * link's person is still in it in the membership the link was made in (a sitter until their
     * last day): its rota's next periods and its shared plants' jobs, each naming who is on duty, in
     * the link's person's language. A link of someone who left, even if they have joined again
     * since, answers as a reset one (404).
     */
    async renderHouseholdFeed(file: string, siteOrigin: string): Promise<string> {
      const secret = HOUSEHOLD_FEED_FILE.exec(file)?.[1];
      if (!secret) throw malformedLink(HOUSEHOLD_LINK_PAGE);
      const found = await repository().household.findBySecretHash(hashFeedSecret(secret));
      if (!found) throw unknownLink(HOUSEHOLD_LINK_PAGE);
      const now = clock();
      const [joined, translator] = await Promise.all([
        membershipOf(found.uid),
        languageOf(found.uid).then(translatorFor),
      ]);
      const membership = sharingMembership(joined, now);
      if (!membership || !madeInMembership(found, membership)) throw unknownLink(HOUSEHOLD_LINK_PAGE);
      const [plants, rota] = await Promise.all([
        repository().listSharedPlants(membership.householdShareKeys),
        dutyOf(membership.householdId),
      ]);
      if (!rota) throw unknownLink(HOUSEHOLD_LINK_PAGE);
      const today = utcToday(now);
      const places = await placesOf({ uid: found.uid }, plants, membership, now);
      return renderHouseholdCalendar(
        membership.householdId,
        dutyView(rota.settings, rota.people, today).weeks,
        plants,
        siteOrigin,
        (_plant, date) => onDutyOn(rota.settings, rota.people, dutyDayOf(date, today)),
        (plant) => places.placeOf(plant)?.name ?? null,
        translator,
      );
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
