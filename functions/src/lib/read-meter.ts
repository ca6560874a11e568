import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler, Response } from 'express';

/*
 * Counts what each request reads from Firestore, which bills per document read: documents returned
 * by queries and gets (a query that returns nothing is billed as one read), and count()
 * aggregations (billed one read per 1,000 index entries counted). Reported in the answer's
 * `X-Firestore-Reads` header when the app is set to (config/local-stack.ts: the local stack and the
 * API tests), so the benchmark and the tests can hold every page view to its read budget.
 */

export interface ReadTally {
  /** Document snapshots returned. */
  documents: number;
  /** count() aggregations run. */
  aggregations: number;
}

export const READS_HEADER = 'X-Firestore-Reads';

const storage = new AsyncLocalStorage<ReadTally>();

/** Middleware: a fresh tally for the rest of the request. */
export const meterReads: RequestHandler = (_req, _res, next) => {
  storage.run({ documents: 0, aggregations: 0 }, next);
};

interface QuerySnapshotLike {
  docs: unknown[];
}
interface DocumentSnapshotLike {
  exists: boolean;
  ref: unknown;
}
interface AggregateSnapshotLike {
  data(): { count?: unknown };
  query: unknown;
}

/** The current request's tally, which its Firestore calls keep adding to (undefined outside a request). */
export function currentReads(): ReadTally | undefined {
  return storage.getStore();
}

/** Adds what one finished Firestore call read to the current request's tally. */
export function noteReads(result: unknown): void {
  const tally = storage.getStore();
  if (!tally || !result || typeof result !== 'object') return;
  // A getAll: each document it read.
  if (Array.isArray(result)) {
    for (const item of result) noteReads(item);
    return;
  }
  if (Array.isArray((result as QuerySnapshotLike).docs)) tally.documents += (result as QuerySnapshotLike).docs.length;
  else if ('exists' in result && 'ref' in (result as DocumentSnapshotLike)) tally.documents += 1;
  else if (typeof (result as AggregateSnapshotLike).data === 'function' && 'query' in result) tally.aggregations += 1;
}

/** Sets the header from the request's tally, when reporting is on. */
export function reportReads(res: Response): void {
  const tally = storage.getStore();
  if (tally && res.app.get('report reads'))
    res.set(READS_HEADER, `documents=${tally.documents}, aggregations=${tally.aggregations}`);
}

/**
 * Runs `work` with a tally of its own, as a request has: what a job outside a request reads
 * (a digest, measured by the benchmark: scripts/bench/digest-run.mjs loads the built module).
 * @public
 */
export async function withReadTally<T>(work: () => Promise<T>): Promise<{ result: T; reads: ReadTally }> {
  const tally: ReadTally = { documents: 0, aggregations: 0 };
  const result = await storage.run(tally, work);
  return { result, reads: tally };
}
