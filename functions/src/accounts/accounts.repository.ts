import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { AccountLimits } from '../config/limits';
import { firestoreCall } from '../lib/firestore-call';
import { HttpError } from '../lib/http-error';
import { spendWrite, type WriteBudget } from './write-budget';

/**
 * One small document per account: `{ tokens, refilledAt, plantCount, revision }`, the write budget
 * (write-budget.ts), the exact number of plants the account owns, and how many writes it has made.
 * Browsers never read it (firestore.rules denies everything).
 */
export const ACCOUNTS_COLLECTION = 'accounts';
/** Under each account: one empty marker per stored write, named by the revision it made. */
export const ACCOUNT_REVISIONS = 'revisions';
/** The plants collection, counted once per account to start its plantCount. */
const PLANTS = 'plants';

/** What a write's work sees of the account. */
export interface AccountView {
  /** Plants the account owns now. */
  plantCount: number;
}

/** What a write's work decides: its result, and the writes to make (none: nothing is stored, nothing is spent). */
export interface AccountWork<T> {
  result: T;
  /** Adds the write's own changes to the transaction. */
  write?: () => void;
  /** How the account's plant count changes (+1 for an add, -1 for a delete). */
  plantDelta?: number;
  /**
   * Spends nothing from the budget: only for the server's own correction of a write it could not
   * finish (giving back the plants a failed import had reserved), which must never be refused.
   */
  free?: boolean;
}

/** ALREADY_EXISTS: another write of the same account stored its marker first. */
const ALREADY_EXISTS = 6;
/** Attempts of a write that keeps losing races with the same account's other writes. */
const ATTEMPTS = 10;

const busyAccount = () =>
  new HttpError(409, 'conflict', 'Your account was being changed by other requests at the same moment. Please try again.');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every write of the API goes through `write(uid, now, work)`: one transaction that reads the
 * account, lets `work` read what else it needs and decide (it may throw to refuse: nothing is
 * stored), and then, if `work` wants to store something, spends one write from the account's
 * budget (a 429 otherwise) and stores the account and the work's writes together.
 *
 * The transaction's FIRST write creates `accounts/{uid}/revisions/{n}`, n the account's revision
 * plus one, with Firestore's "must not exist" precondition. On real Firestore the transaction alone
 * serialises an account's writes. The local stand-in does not isolate transactions and applies a
 * commit's writes one by one, but it does check "must not exist" and runs each commit without
 * interruption: of two writes that read the same revision, the second stops at its marker with
 * nothing stored, and is run again on what is now stored. Every plant is written only by its
 * owner, so this also serialises every plant's changes, and it keeps the budget and the plant
 * count exact on both. Markers are never deleted, so a revision number is never reused.
 *
 * The plant count of an account that has none stored yet (older data) is counted once with a
 * count() aggregation in the same transaction; from then on each add and delete keeps it.
 */
export function createAccountsRepository(db: Firestore, limits: () => AccountLimits) {
  const accounts = db.collection(ACCOUNTS_COLLECTION);

  async function write<T>(uid: string, now: Date, work: (transaction: Transaction, account: AccountView) => Promise<AccountWork<T>>): Promise<T> {
    const ref = accounts.doc(uid);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await firestoreCall(
          db.runTransaction(async (transaction) => {
            const snapshot = await transaction.get(ref);
            const stored = snapshot.data() ?? {};
            const revision = typeof stored.revision === 'number' ? stored.revision : 0;
            const plantCount =
              typeof stored.plantCount === 'number'
                ? stored.plantCount
                : (await transaction.get(db.collection(PLANTS).where('ownerUid', '==', uid).count())).data().count;
            const { result, write: store, plantDelta = 0, free = false } = await work(transaction, { plantCount });
            if (!store) return result;
            const budget = free ? undefined : spendWrite(budgetOf(stored), now, limits());
            transaction.create(ref.collection(ACCOUNT_REVISIONS).doc(String(revision + 1)), { at: now });
            store();
            transaction.set(
              ref,
              { ...(budget ? { tokens: budget.tokens, refilledAt: budget.refilledAt } : {}), plantCount: plantCount + plantDelta, revision: revision + 1 },
              { merge: true },
            );
            return result;
          }),
        );
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== ALREADY_EXISTS) throw error;
        if (attempt >= ATTEMPTS) throw busyAccount();
        // Several writes of one account at once ("Water all due"): let them take turns.
        await pause(Math.random() * 20 * attempt);
      }
    }
  }

  return { write };
}

function budgetOf(stored: Record<string, unknown>): WriteBudget | undefined {
  const { tokens, refilledAt } = stored as { tokens?: unknown; refilledAt?: { toDate?: () => Date } };
  if (typeof tokens !== 'number' || typeof refilledAt?.toDate !== 'function') return undefined;
  return { tokens, refilledAt: refilledAt.toDate() };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
