import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, HOUSEHOLD_MEMBERS_MOST, limitsFromEnv } from './limits';

describe('limitsFromEnv', () => {
  it('takes each limit from its variable when it is a positive number, else keeps the default', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(
      limitsFromEnv({ MANGO_WRITE_BURST: '7', MANGO_PLANTS_PER_ACCOUNT: 'many', MANGO_WRITES_PER_MINUTE: '0' }),
    ).toEqual({ ...DEFAULT_LIMITS, writeBurst: 7 });
  });

  it(`takes a household of up to ${HOUSEHOLD_MEMBERS_MOST} people, and refuses more with a sentence`, () => {
    expect(limitsFromEnv({ MANGO_HOUSEHOLD_MEMBERS: '29' }).householdMembers).toBe(29);
    expect(() => limitsFromEnv({ MANGO_HOUSEHOLD_MEMBERS: '30' })).toThrow(
      "MANGO_HOUSEHOLD_MEMBERS is 30, but a household can have at most 29 people: what is due for someone is one Firestore query over their household's share keys, which takes at most 30 values. Set it to 29 or less.",
    );
    expect(() => limitsFromEnv({ MANGO_HOUSEHOLD_MEMBERS: '1000' })).toThrow(/at most 29 people/);
  });
});
