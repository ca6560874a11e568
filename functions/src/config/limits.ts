/**
 * What one account may make the product spend, in one place.
 *
 * - writeBurst 100, writesPerMinute 60: a token bucket per account. "Water all due" is one request
 *   that spends one write per plant, for up to 100 plants (the batch's limit), so the bucket holds
 *   that many; a person adding, editing and watering plants stays far inside it, and a script
 *   writing in a loop is held to one write a second, so one account cannot run up the Firestore
 *   bill or crowd out everyone else.
 * - plantsPerAccount 5,000: far more than anyone keeps, and it bounds what one user's lists,
 *   exports and calendar feed can ever read.
 */
export interface AccountLimits {
  /** Writes an account may make at once: the bucket's size. */
  writeBurst: number;
  /** Writes per minute the bucket refills. */
  writesPerMinute: number;
  /** Plants one account may keep. */
  plantsPerAccount: number;
}

export const DEFAULT_LIMITS: AccountLimits = { writeBurst: 100, writesPerMinute: 60, plantsPerAccount: 5000 };

const ENV: Record<keyof AccountLimits, string> = {
  writeBurst: 'MANGO_WRITE_BURST',
  writesPerMinute: 'MANGO_WRITES_PER_MINUTE',
  plantsPerAccount: 'MANGO_PLANTS_PER_ACCOUNT',
};

/**
 * The defaults, each replaced by its environment variable when one is set to a positive number:
 * a local stack (or a deployment) that needs other limits says so in its environment.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): AccountLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(ENV) as (keyof AccountLimits)[]) {
    const value = Number(env[ENV[key]]);
    if (Number.isFinite(value) && value > 0) limits[key] = value;
  }
  return limits;
}
