import { createECDH, createPublicKey, verify } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import webpush from 'web-push';
import type { ReminderDelivery } from '../config/reminders';

/*
 * How a digest leaves the server: Web Push through web-push (the message encrypted for the
 * browser, aes128gcm as RFC 8291 says, and signed with the server's VAPID key, RFC 8292), posted
 * with fetch to the subscription's endpoint (web-push's own sender speaks https only, and the local
 * stack's test receivers are http); and email over SMTP through nodemailer.
 */

/** The VAPID public key (base64url, 65 bytes uncompressed) of a private key. */
export function vapidPublicKey(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

const VAPID_KEY_FIX =
  "Make a new one with web-push's own generator (`npx web-push generate-vapid-keys --json`, its privateKey), set it with `npx firebase functions:secrets:set VAPID_PRIVATE_KEY` and deploy again.";

const vapidKeyProblems = new Map<string, string | null>();

/**
 * Why the server's VAPID private key cannot sign Web Push messages, or null when it can. A key that
 * is not 32 bytes (a generator that drops a leading zero makes a 31-byte key about 3 times in
 * 1,000) is refused by web-push at send time; one that is no P-256 key has no public key; and the
 * key must sign a VAPID token that its own public key (the one browsers subscribe with) verifies.
 * Checked once per key and instance.
 */
export function vapidKeyProblem(privateKey: string): string | null {
  const known = vapidKeyProblems.get(privateKey);
  if (known !== undefined) return known;
  const problem = findVapidKeyProblem(privateKey);
  vapidKeyProblems.set(privateKey, problem);
  return problem;
}

function findVapidKeyProblem(privateKey: string): string | null {
  const bytes = Buffer.from(privateKey, 'base64url');
  if (!/^[A-Za-z0-9_-]+$/.test(privateKey) || bytes.length !== 32)
    return `VAPID_PRIVATE_KEY is ${/^[A-Za-z0-9_-]*$/.test(privateKey) ? `${bytes.length} bytes` : 'not base64url'}; a Web Push key is 32 bytes in base64url. ${VAPID_KEY_FIX}`;
  let publicKey: string;
  try {
    publicKey = vapidPublicKey(privateKey);
  } catch {
    return `VAPID_PRIVATE_KEY is not a P-256 private key. ${VAPID_KEY_FIX}`;
  }
  try {
    const { Authorization } = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:check@example.com',
      publicKey,
      privateKey,
      'aes128gcm',
    ) as { Authorization: string };
    const [header, payload, signature] = /t=([^,\s]+)/.exec(Authorization)![1]!.split('.');
    const point = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = Buffer.from(`${header}.${payload}`);
    if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url')))
      return `VAPID_PRIVATE_KEY signs what its public key does not verify. ${VAPID_KEY_FIX}`;
  } catch (error) {
    return `VAPID_PRIVATE_KEY cannot sign Web Push messages (${(error as Error).message}). ${VAPID_KEY_FIX}`;
  }
  return null;
}

/** Whether `key` (base64url) is a point on P-256, as a browser's p256dh key is. */
export function isP256PublicKey(key: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(key, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** What a push service said: delivered, gone (the subscription is no more), try again later, or refused for good. */
export type PushOutcome = 'delivered' | 'gone' | 'retry' | 'refused';

/** How long a push service keeps a digest for a browser that is offline: past the day it is for, it is no news. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

function classifyPush(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/**
 * Sends one encrypted push message to a subscription. A newer digest replaces an older one the
 * browser has not received yet (the same `Topic`). Never follows a redirect.
 */
export async function sendPush(
  delivery: Pick<ReminderDelivery, 'vapidPrivateKey' | 'mailFrom'>,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
): Promise<PushOutcome> {
  const sender = /<([^>]+)>/.exec(delivery.mailFrom)?.[1] ?? delivery.mailFrom.trim();
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: {
        subject: `mailto:${sender}`,
        publicKey: vapidPublicKey(delivery.vapidPrivateKey),
        privateKey: delivery.vapidPrivateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
      topic: 'digest',
      contentEncoding: 'aes128gcm',
    });
  } catch {
    // The subscription's keys cannot be encrypted for (the server's own key is checked before a
    // digest starts): trying again would fail the same way.
    return 'refused';
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return classifyPush(response.status);
  } catch {
    return 'retry';
  }
}

/**
 * The SMTP connection's bounds, all far below a digest task's 60 s (config/runtime.ts), so a slow
 * or silent server fails the email (recorded as still to send, and tried again by the task's
 * retry) before the task itself times out, which would leave the delivery unrecorded.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/**
 * Pooled: an instance keeps up to 3 connections open and sends up to 100 messages on each, rather
 * than a connection (and a TLS handshake and a login) per message, which relays throttle. An
 * instance runs up to 16 digests at once (DIGEST_OPTIONS.concurrency); the queue's dispatch rate
 * bounds what all instances send together.
 */
const SMTP_POOL = { pool: true, maxConnections: 3, maxMessages: 100 } as const;

/** Why `smtpUrl` cannot carry mail from Google Cloud, or null. */
export function smtpUrlProblem(smtpUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return 'SMTP_URL is not an address such as smtps://user:password@smtp.example.com:465.';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return `SMTP_URL must start with smtps:// (port 465) or smtp:// (port 587, STARTTLS), not ${url.protocol}//.`;
  if (url.port === '25')
    return "SMTP_URL names port 25, which Google Cloud blocks for outgoing mail: use your relay's port 465 (smtps://) or 587 (smtp://).";
  return null;
}

let transport: { url: string; transporter: Transporter } | undefined;

/** The pooled SMTP transport for `smtpUrl`, made on first use and kept (nodemailer is loaded then too). */
async function mailTransport(smtpUrl: string): Promise<Transporter> {
  if (transport?.url !== smtpUrl) {
    const { createTransport } = await import('nodemailer');
    transport?.transporter.close();
    transport = { url: smtpUrl, transporter: createTransport({ url: smtpUrl, ...SMTP_POOL, ...SMTP_TIMEOUTS }) };
  }
  return transport.transporter;
}

/**
 * Sends one email, with the one-click unsubscribe headers of RFC 8058 when there is an
 * unsubscribe link. Rejects when the SMTP server does not take it.
 */
export async function sendEmail(
  delivery: Pick<ReminderDelivery, 'smtpUrl' | 'mailFrom'>,
  mail: { to: string; subject: string; text: string; html: string; unsubscribeUrl: string | null },
): Promise<void> {
  const transporter = await mailTransport(delivery.smtpUrl);
  await transporter.sendMail({
    from: delivery.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.unsubscribeUrl
      ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {},
  });
}
