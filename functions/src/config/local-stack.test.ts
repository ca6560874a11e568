import { describe, expect, it } from 'vitest';
import { localStackFromEnv } from './local-stack';

describe('localStackFromEnv', () => {
  it('leaves both off when nothing is set, as a deployment has it', () => {
    expect(localStackFromEnv({})).toEqual({ reportReads: false, localPushReceivers: false });
  });

  it('turns each on only when it is set to true', () => {
    expect(localStackFromEnv({ MANGO_REPORT_READS: 'true', MANGO_LOCAL_PUSH_RECEIVERS: '1' })).toEqual({
      reportReads: true,
      localPushReceivers: false,
    });
    // The Firestore emulator's variable no longer turns anything on.
    expect(localStackFromEnv({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toEqual({
      reportReads: false,
      localPushReceivers: false,
    });
  });
});
