/**
 * What the local stack's tools need of the function, each off unless its setting is `true`: the
 * launcher sets both in functions/.env.local, the API tests pass them to createApp(), and a
 * deployment never sets them.
 *
 * - MANGO_REPORT_READS: answers say what they read from Firestore (`X-Firestore-Reads`,
 *   lib/read-meter.ts), which the benchmark and the API tests hold to budgets.
 * - MANGO_LOCAL_PUSH_RECEIVERS: push endpoints on http://127.0.0.1 and http://localhost are
 *   accepted (reminders/push-endpoints.ts), where the tests run push receivers of their own.
 */
export interface LocalStackSettings {
  reportReads: boolean;
  localPushReceivers: boolean;
}

export function localStackFromEnv(env: NodeJS.ProcessEnv = process.env): LocalStackSettings {
  return {
    reportReads: env.MANGO_REPORT_READS === 'true',
    localPushReceivers: env.MANGO_LOCAL_PUSH_RECEIVERS === 'true',
  };
}
