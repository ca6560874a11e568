import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import type { AccountLimits } from '../config/limits';
import { firestoreCall, lostRace } from '../lib/firestore-call';
import { HttpError } from '../lib/http-error';
import { pause } from '../lib/pause';
import type { Membership } from '../access/household-access';
import { allowanceLeft, chargeAllowance, spendAllowance, type Allowance } from './daily-allowances';
import type { TokenBucket } from '../lib/token-bucket';
import { spendWrite } from './write-budget';

/**
 * One small document per account: `{ tokens, refilledAt, plantCount }`, the write budget
 * (write-budget.ts) and the exact number of plants the account owns, and once used, its daily
 * allowances (daily-allowances.ts), each `{ tokens, refilledAt }` under its name (`importWrites`,
 * `bulkReads`). Browsers never read it (firestore.rules denies everything).
 */
export const ACCOUNTS_COLLECTION = 'accounts';

/** The caller's membership as a write reads it, from the households room: the one room that writes it. */
export interface MembershipInWrite {
  membership: Membership | null;
  /** Adds the caller's last activity to the write's batch, on the update time it was read at (none: nothing). */
  markActive(batch: WriteBatch, now: Date): void;
}

/** What a write's work sees of the account, and how it spends the daily allowances. */
export interface AccountView {
  /** Plants the account owns now. */
  plantCount: number;
  /**
   * The account's household membership, read with the account. A write whose decision asked for it
   * is stored only if the membership is still as read (a removal or a sitter's new date that lands
   * first wins: the write is made again on what is stored now).
   */
  membership(): Membership | null;
  /** What is left of an allowance now (below zero: owed). */
  left(allowance: Allowance): number;
  /**
   * Spends `cost` of an allowance with this write, or refuses at once (429, nothing stored) when
   * less is left: call it before doing what costs it. `what` opens the refusal's sentence.
   */
  spend(allowance: Allowance, cost: number, what: string): void;
  /**
   * Charges `amount` of an allowance with this write, never refused: what is not left is owed. A
   * negative amount gives back what was spent and not used.
   */
  charge(allowance: Allowance, amount: number): void;
}

/**
 * What a write's work decides: its result, and the writes to make. No writes and nothing spent of an
 * allowance: nothing is stored, nothing is spent. Allowances spent and no writes: only the account
 * is stored (what a dry run or an export read), and the write budget is not spent.
 */
export interface AccountWork<T> {
  result: T;
  /**
   * Adds the write's own changes to the commit. Each document it changes that `work` read is
   * written with the read's update time as a precondition (`{ lastUpdateTime }`).
   */
  write?: (batch: WriteBatch) => void;
  /** How the account's plant count changes (+1 for an add, -1 for a delete). */
  plantDelta?: number;
  /** Writes of the write budget the change spends: 1 (the default), or one per plant of a batch. */
  cost?: number;
  /**
   * Spends nothing from the budget: only for the server's own correction of a write it could not
   * finish (giving back the plants a failed import had reserved), which must never be refused.
   * Allowances spent or charged by `work` are still stored.
   */
  free?: boolean;
}

/**
 * Attempts of a write that keeps losing to the same account's other writes. Each loss means
 * another write of the account was stored, so even a dozen at once all get through.
 */
const ATTEMPTS = 12;

const busyAccount = () =>
  new HttpError(
    409,
    'conflict',
    'Your account was being changed by other requests at the same moment. Please try again.',
  );

/** A write that lost the race to another write, to be made again on what is stored now. */
const LOST_RACE = Symbol('lost race');

/**
 * Every write of the API goes through `write(uid, now, work)`: `work` reads what it needs (the
 * plant, its history) and decides (it may throw to refuse: nothing is stored; so does a daily
 * allowance it spends that has not enough left); then, if `work` wants to store something, one write
 * of the account's budget is spent (a 429 otherwise) and the account, with what `work` spent of its
 * allowances, is stored with the work's writes in one atomic commit, all or nothing.
 *
 * Concurrency is Firestore's optimistic kind: documents are read plainly, and the commit carries
 * the update time of each document it changes as a precondition, so it fails as a whole, with
 * nothing stored, when another write changed one of them since it was read; it is then made again
 * at once on what is stored now. Every write of an account changes the account document (its
 * budget), so an account's writes are made one after the other; a change to a plant is a write of the
 * account of whoever makes it (a member's job spends the member's budget), and the plant's own
 * update time, a precondition too, orders changes made from different accounts. The budget and
 * the plant count stay exact.
 *
 * Why not transactions that read under locks: on Firestore a transaction locks what it reads, and
 * every write of an account reads the one account document, so writes of one account at once
 * ("Do all due" from a phone, two tabs) waited for each other's locks and were retried after a
 * second or more. Measured on Google's emulator (docs/decisions/firestore-writes.md): eight writes
 * of one account at once took 3.6 s with locks and 0.3 s with preconditions; five changes of one
 * plant at once, 8.6 s and under a second.
 *
 * The plant count of an account that has none stored yet (older data) is asked of the plant store
 * once (`plantsOwned`, a count() aggregation); from then on each add and delete keeps it.
 */
export function createAccountsRepository(
  db: Firestore,
  limits: () => AccountLimits,
  /** The plants `uid` owns, counted once per account to start its plantCount. */
  plantsOwned: (uid: string) => Promise<number>,
  /** The caller's membership, read beside the account. */
  membershipOf: (uid: string) => Promise<MembershipInWrite>,
) {
  const accounts = db.collection(ACCOUNTS_COLLECTION);

  async function write<T>(uid: string, now: Date, work: (account: AccountView) => Promise<AccountWork<T>>): Promise<T> {
    const ref = accounts.doc(uid);
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await firestoreCall(
        (async () => {
          const [snapshot, member] = await Promise.all([ref.get(), membershipOf(uid)]);
          const stored = snapshot.data() ?? {};
          const { membership } = member;
          let membershipAsked = false;
          const plantCount = typeof stored.plantCount === 'number' ? stored.plantCount : await plantsOwned(uid);
          const allowances = new Map<Allowance, TokenBucket>();
          const bucket = (allowance: Allowance) => allowances.get(allowance) ?? bucketOf(stored[allowance]);
          const account: AccountView = {
            plantCount,
            membership: () => {
              membershipAsked = true;
              return membership;
            },
            left: (allowance) => allowanceLeft(allowance, bucket(allowance), now, limits()),
            spend: (allowance, amount, what) => {
              if (amount !== 0)
                allowances.set(allowance, spendAllowance(allowance, bucket(allowance), now, limits(), amount, what));
            },
            charge: (allowance, amount) => {
              if (amount !== 0)
                allowances.set(allowance, chargeAllowance(allowance, bucket(allowance), now, limits(), amount));
            },
          };
          const { result, write: store, plantDelta = 0, cost = 1, free = false } = await work(account);
          if (!store && allowances.size === 0) return { result };
          const budget = !store || free ? undefined : spendWrite(bucketOf(stored), now, limits(), cost);
          const batch = db.batch();
          store?.(batch);
          // The membership the decision stood on, kept as read.
          if (store && membershipAsked) member.markActive(batch, now);
          const data = {
            ...(budget ? { tokens: budget.tokens, refilledAt: budget.refilledAt } : {}),
            ...Object.fromEntries(allowances),
            plantCount: plantCount + plantDelta,
          };
          if (snapshot.exists) batch.update(ref, data, { lastUpdateTime: snapshot.updateTime! });
          else batch.create(ref, data);
          try {
            await batch.commit();
          } catch (error) {
            if (lostRace(error)) return LOST_RACE;
            throw error;
          }
          return { result };
        })(),
      );
      if (outcome !== LOST_RACE) return outcome.result;
      if (attempt >= ATTEMPTS) throw busyAccount();
      // Several writes of one account at once: let them take turns.
      await pause(Math.random() * 5 * attempt);
    }
  }

  /**
   * Refuses (429, as `write` would) a write the account's budget has no room for now, storing
   * nothing: for work that costs the server before it writes (a photo's decode), so an account
   * out of budget never gets it done. The write itself still spends the budget.
   */
  async function assertCanWrite(uid: string, now: Date, cost = 1): Promise<void> {
    const snapshot = await firestoreCall(accounts.doc(uid).get());
    spendWrite(bucketOf(snapshot.data() ?? {}), now, limits(), cost);
  }

  return { write, assertCanWrite };
}

/** A bucket as stored (the write budget's fields at the document's top level, an allowance's in its map), or none yet. */
function bucketOf(stored: unknown): TokenBucket | undefined {
  const { tokens, refilledAt } = (stored ?? {}) as { tokens?: unknown; refilledAt?: { toDate?: () => Date } };
  if (typeof tokens !== 'number' || typeof refilledAt?.toDate !== 'function') return undefined;
  return { tokens, refilledAt: refilledAt.toDate() };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
