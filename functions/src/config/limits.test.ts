import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, HOUSEHOLD_MEMBERS_MOST, limitsFromEnv } from './limits';
import { RUNTIME_OPTIONS } from './runtime';

describe('limitsFromEnv', () => {
  it('takes each limit from its variable when it is a positive number, else keeps the default', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(
      limitsFromEnv({ MANGO_WRITE_BURST: '7', MANGO_PLANTS_PER_ACCOUNT: 'many', MANGO_WRITES_PER_MINUTE: '0' }),
    ).toEqual({ ...DEFAULT_LIMITS, writeBurst: 7 });
  });

  it("takes the instance's ceiling on visitors' reads from its variables, its worst day 72 million reads, $43.20", () => {
    expect(
      limitsFromEnv({
        MANGO_ANONYMOUS_READ_BURST_PER_INSTANCE: '50000',
        MANGO_ANONYMOUS_READS_PER_MINUTE_PER_INSTANCE: '25000',
      }),
    ).toEqual({ ...DEFAULT_LIMITS, anonymousReadBurstPerInstance: 50_000, anonymousReadsPerMinutePerInstance: 25_000 });
    // The figure the doc comment and docs/security.md give: every instance at its ceiling all day.
    const worstDayReads = RUNTIME_OPTIONS.maxInstances * DEFAULT_LIMITS.anonymousReadsPerMinutePerInstance * 1440;
    expect(worstDayReads).toBe(72_000_000);
    expect((worstDayReads / 100_000) * 0.06).toBeCloseTo(43.2, 5);
    // A visitor's address is a share of the instance, never more than it.
    expect(DEFAULT_LIMITS.visitorReadsPerMinute).toBeLessThan(DEFAULT_LIMITS.anonymousReadsPerMinutePerInstance);
    expect(DEFAULT_LIMITS.visitorReadBurst).toBeLessThan(DEFAULT_LIMITS.anonymousReadBurstPerInstance);
  });

  it(`takes a household of up to ${HOUSEHOLD_MEMBERS_MOST} people, and refuses more with a sentence`, () => {
    expect(limitsFromEnv({ MANGO_HOUSEHOLD_MEMBERS: '29' }).householdMembers).toBe(29);
    expect(() => limitsFromEnv({ MANGO_HOUSEHOLD_MEMBERS: '30' })).toThrow(
      "MANGO_HOUSEHOLD_MEMBERS is 30, but a household can have at most 29 people: what is due for someone is one Firestore query over their household's share keys, which takes at most 30 values. Set it to 29 or less.",
    );
    expect(() => limitsFromEnv({ MANGO_HOUSEHOLD_MEMBERS: '1000' })).toThrow(/at most 29 people/);
  });
});
