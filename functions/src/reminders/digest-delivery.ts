import { createECDH } from 'node:crypto';
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
  const request = webpush.generateRequestDetails(subscription, payload, {
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

let transport: { url: string; transporter: Transporter } | undefined;

/** The SMTP transport for `smtpUrl`, made on first use and kept (nodemailer is loaded then too). */
async function mailTransport(smtpUrl: string): Promise<Transporter> {
  if (transport?.url !== smtpUrl) {
    const { createTransport } = await import('nodemailer');
    transport = { url: smtpUrl, transporter: createTransport(smtpUrl) };
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
