/**
 * What one account, one visitor's address and all visitors of an instance may make the product
 * spend, in one place.
 *
 * - writeBurst 100, writesPerMinute 60: a token bucket per account. "Do all due" is one request
 *   that spends one write per job, for up to 100 jobs (the batch's limit), so the bucket holds
 *   that many; a person adding, editing and watering plants stays far inside it, and a script
 *   writing in a loop is held to one write a second, so one account cannot run up the Firestore
 *   bill or crowd out everyone else.
 * - plantsPerAccount 5,000: far more than anyone keeps, and it bounds what one user's lists,
 *   exports and calendar feed can ever read.
 * - importWritesPerDay 50,000: the documents imports may write, a second token bucket of that
 *   size refilled continuously over 24 h (an import also spends one write of the budget above, as
 *   every write does). An imported plant is 2 + max(1, events) documents: itself, its activity
 *   record, and its history (or a new 'added' event). The largest file an import takes (2 MB,
 *   1,000 plants) writes at most 48,745: its 2 MB spent on 1,000 of the smallest plants,
 *   `{"plantName":"a","category":"fern"}`, 46 of them holding 45,791 of the smallest event,
 *   `{"type":"added","at":"2020-01-01T08:00:00Z"}` (45 bytes with its comma). So any file an import
 *   accepts fits in a full allowance, and one account's imports write at most 100,000 documents in
 *   any 24 h (a full bucket and a day's refill), 50,000 a day over time: about 9 cents a day at
 *   Firestore's list price of $0.18 per 100,000 writes. A full account's export re-imported fits in
 *   one day when it is at most 50,000 documents: 5,000 plants with up to 8 events each (15,000
 *   without history: three times a day), or 1,000 plants with 48. A larger one takes a day per
 *   50,000 documents, about 100 days for 5,000 plants of 1,000 events (the most an export gives),
 *   and each refusal says how long to wait.
 * - bulkReadsPerDay 100,000: the documents exports and import checks may read, a third bucket
 *   refilled over 24 h. A CSV export reads the plants; a JSON export also each plant's history (at
 *   least one document, at most 1,000); an import, dry run or not, one document per `_id` of its
 *   file (at most 1,000). A full account's JSON export with up to 19 events per plant (5,000 x 20
 *   documents) fits whole. An export is refused only when less is left than it reads at least
 *   (10,000 for a JSON export of 5,000 plants), so a rested account can always export; what it reads
 *   beyond what is left is owed, and paid back by the refill before the next export or import
 *   reads (TransferRepository.holdReads; the most one export can overshoot: exportReads in
 *   transfer.service.ts). Over time, 100,000 reads a day: about 6 cents at $0.06 per 100,000 reads.
 * - visitorReadBurst 5,000, visitorReadsPerMinute 1,000: what requests without a token may make
 *   the API read, per client address and function instance (middleware/visitor-reads.ts; the
 *   address is the one Google's front end saw, which no header of the client changes). A
 *   visitor's page reads 1 to about 100 documents (a page of All Plants with its look-ahead, a
 *   plant, its photos), and the plain list 1,000 once per instance and 30 s at most (the instance
 *   keeps it: plant-list.service.ts), so browsing never meets it; a script asking for new URLs in
 *   a loop is held to 1,000 reads a minute: at most 1.45 million a day per address and instance,
 *   about 87 cents. Behind Firebase Hosting the address is the CDN's, shared by many visitors, so
 *   this is fairness between clients; the bill is bounded by the ceiling below.
 * - anonymousReadBurstPerInstance 10,000, anonymousReadsPerMinutePerInstance 5,000: what all
 *   requests without a token together may make one function instance read (the same
 *   middleware), whatever addresses they come from. 5,000 a minute is 200 pages of All Plants
 *   (25 reads) or 50 searches at their full read budget (about 100) a minute in each instance,
 *   reads that reach the function only when the CDN has not kept the URL, and the burst takes a
 *   new instance's first rush of CDN misses. So the worst day, every instance at its ceiling all
 *   day, is maxInstances (10, config/runtime.ts) x 5,000 x 1,440 minutes = 72 million reads,
 *   $43.20 at $0.06 per 100,000 (and each instance's first burst, 10,000 reads, 0.6 cents more):
 *   a bill bounded whatever a stranger sends, against about $2,600 a day for the same stranger
 *   before (50 direct requests a second of the plain list, a new forged address each). A product
 *   whose visitors need more raises it, and the worst day with it.
 * - householdMembers 10, householdOpenInvites 20: a household is a few people sharing plants, so
 *   listing its members reads at most 10 documents, and an owner cannot mint links without end.
 *   householdMembers may be set to at most HOUSEHOLD_MEMBERS_MOST (29): see there.
 */
export interface AccountLimits {
  /** Writes an account may make at once: the bucket's size. */
  writeBurst: number;
  /** Writes per minute the bucket refills. */
  writesPerMinute: number;
  /** Plants one account may keep. */
  plantsPerAccount: number;
  /** Documents imports may write a day: the bucket's size and its refill over 24 h. */
  importWritesPerDay: number;
  /** Documents exports and import checks may read a day: the bucket's size and its refill over 24 h. */
  bulkReadsPerDay: number;
  /** Documents a visitor's address may have read at once: the bucket's size. */
  visitorReadBurst: number;
  /** Documents a visitor's address may read a minute: the bucket's refill. */
  visitorReadsPerMinute: number;
  /** Documents all requests without a token may have read at once in one instance: the bucket's size. */
  anonymousReadBurstPerInstance: number;
  /** Documents all requests without a token may read a minute in one instance: the bucket's refill. */
  anonymousReadsPerMinutePerInstance: number;
  /** People in one household, sitters included. */
  householdMembers: number;
  /** Invites of one household that are neither used nor expired. */
  householdOpenInvites: number;
}

export const DEFAULT_LIMITS: AccountLimits = {
  writeBurst: 100,
  writesPerMinute: 60,
  plantsPerAccount: 5000,
  importWritesPerDay: 50_000,
  bulkReadsPerDay: 100_000,
  visitorReadBurst: 5000,
  visitorReadsPerMinute: 1000,
  anonymousReadBurstPerInstance: 10_000,
  anonymousReadsPerMinutePerInstance: 5_000,
  householdMembers: 10,
  householdOpenInvites: 20,
};

const ENV: Record<keyof AccountLimits, string> = {
  writeBurst: 'MANGO_WRITE_BURST',
  writesPerMinute: 'MANGO_WRITES_PER_MINUTE',
  plantsPerAccount: 'MANGO_PLANTS_PER_ACCOUNT',
  importWritesPerDay: 'MANGO_IMPORT_WRITES_PER_DAY',
  bulkReadsPerDay: 'MANGO_BULK_READS_PER_DAY',
  visitorReadBurst: 'MANGO_VISITOR_READ_BURST',
  visitorReadsPerMinute: 'MANGO_VISITOR_READS_PER_MINUTE',
  anonymousReadBurstPerInstance: 'MANGO_ANONYMOUS_READ_BURST_PER_INSTANCE',
  anonymousReadsPerMinutePerInstance: 'MANGO_ANONYMOUS_READS_PER_MINUTE_PER_INSTANCE',
  householdMembers: 'MANGO_HOUSEHOLD_MEMBERS',
  householdOpenInvites: 'MANGO_HOUSEHOLD_OPEN_INVITES',
};

/**
 * The most people a household can be allowed. What is due for someone is one query for their own
 * plants or those carrying any of their household's share keys, one key per membership
 * (due.repository.ts), and Firestore takes at most 30 values in such a query (an `or` of an `==` and
 * an `in`, the plant list's `in` too): their own uid and 29 keys. More, and every due list of a full
 * household would fail.
 */
export const HOUSEHOLD_MEMBERS_MOST = 29;

/**
 * The defaults, each replaced by its environment variable when one is set to a positive number:
 * a local stack (or a deployment) that needs other limits says so in its environment. A value
 * the product cannot work with is refused with a sentence, so the function does not start with it
 * (the function reads the limits when it loads: rooms.ts) rather than failing requests later.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): AccountLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(ENV) as (keyof AccountLimits)[]) {
    const value = Number(env[ENV[key]]);
    if (Number.isFinite(value) && value > 0) limits[key] = value;
  }
  if (limits.householdMembers > HOUSEHOLD_MEMBERS_MOST)
    throw new Error(
      `${ENV.householdMembers} is ${limits.householdMembers}, but a household can have at most ${HOUSEHOLD_MEMBERS_MOST} people: what is due for someone is one Firestore query over their household's share keys, which takes at most 30 values. Set it to ${HOUSEHOLD_MEMBERS_MOST} or less.`,
    );
  return limits;
}
