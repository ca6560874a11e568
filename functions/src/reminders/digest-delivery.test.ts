import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { DIGEST_OPTIONS } from '../config/runtime';
import { sendEmail, sendPush, smtpUrlProblem, vapidKeyProblem } from './digest-delivery';

describe('vapidKeyProblem', () => {
  it("takes web-push's own keys", () => {
    for (let i = 0; i < 20; i += 1) expect(vapidKeyProblem(webpush.generateVAPIDKeys().privateKey)).toBeNull();
  });

  it('refuses a key that is not 32 bytes, saying how long it is and how to make a good one', () => {
    const key = Buffer.from(webpush.generateVAPIDKeys().privateKey, 'base64url');
    expect(vapidKeyProblem(key.subarray(1).toString('base64url'))).toMatch(
      /^VAPID_PRIVATE_KEY is 31 bytes; a Web Push key is 32 bytes in base64url\. .*npx web-push generate-vapid-keys/,
    );
    expect(vapidKeyProblem(Buffer.concat([key, key]).toString('base64url'))).toMatch(/is 64 bytes/);
    expect(vapidKeyProblem('not a key!')).toMatch(/is not base64url/);
    expect(vapidKeyProblem('')).toMatch(/is 0 bytes/);
  });

  it('refuses 32 bytes that are no P-256 private key', () => {
    expect(vapidKeyProblem(Buffer.alloc(32).toString('base64url'))).toMatch(/is not a P-256 private key/);
    expect(vapidKeyProblem(Buffer.alloc(32, 0xff).toString('base64url'))).toMatch(/is not a P-256 private key/);
  });
});

describe('smtpUrlProblem', () => {
  it('takes a relay on 465 or 587 and the local mail server, and refuses port 25 and other schemes', () => {
    expect(smtpUrlProblem('smtps://user:secret@smtp.example.com:465')).toBeNull();
    expect(smtpUrlProblem('smtp://user:secret@smtp.example.com:587')).toBeNull();
    expect(smtpUrlProblem('smtp://127.0.0.1:1025')).toBeNull();
    expect(smtpUrlProblem('smtp://smtp.example.com:25')).toMatch(/port 25, which Google Cloud blocks/);
    expect(smtpUrlProblem('https://smtp.example.com')).toMatch(/must start with smtps:\/\//);
    expect(smtpUrlProblem('smtp.example.com')).toMatch(/is not an address/);
  });
});

describe('sendPush', () => {
  it('refuses, without posting anything, a subscription whose keys cannot be encrypted for', async () => {
    const delivery = { vapidPrivateKey: webpush.generateVAPIDKeys().privateKey, mailFrom: 'a@example.com' };
    const subscription = { endpoint: 'http://127.0.0.1:9/never', keys: { p256dh: 'AAAA', auth: 'AAAA' } };
    expect(await sendPush(delivery, subscription, '{}')).toBe('refused');
  });
});

describe('sendEmail', () => {
  const delivery = (port: number) => ({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Tests <from@example.com>' });
  const mail = (n: number) => ({
    to: `to-${n}@example.com`,
    subject: `Digest ${n}`,
    text: 'x',
    html: '<p>x</p>',
    unsubscribeUrl: null,
  });

  it('sends many emails over a pooled connection, not a connection (and a login) each', async () => {
    let connections = 0;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      // The pool keeps its connection open: closing ends it rather than waiting for the client.
      closeTimeout: 100,
      disabledCommands: ['STARTTLS'],
      onConnect: (_session, callback) => {
        connections += 1;
        callback();
      },
      onData: (stream, session, callback) => {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (server.server.address() as AddressInfo).port;
      for (let n = 1; n <= 4; n += 1) await sendEmail(delivery(port), mail(n));
      expect(received).toEqual(['to-1@example.com', 'to-2@example.com', 'to-3@example.com', 'to-4@example.com']);
      expect(connections).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("gives up on a server that never greets well within the digest task's time, so the failure is recorded", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (silent.address() as AddressInfo).port;
      const started = Date.now();
      await expect(sendEmail(delivery(port), mail(9))).rejects.toThrow();
      // A third of the task: the greeting, the connection and a silent socket are each bounded below it.
      expect(Date.now() - started).toBeLessThan((DIGEST_OPTIONS.timeoutSeconds * 1000) / 3);
    } finally {
      silent.close();
    }
  }, 60_000);
});
