import { defineSecret, defineString } from 'firebase-functions/params';

/*
 * What the reminders need to send, in one place. In production the two secrets live in Secret
 * Manager (`firebase functions:secrets:set VAPID_PRIVATE_KEY` and `SMTP_URL`) and the two settings
 * in `functions/.env.<project id>`; locally the launcher writes all four (functions/.secret.local
 * and functions/.env.local), and the API tests read them from the launcher's environment.
 */

/**
 * The Web Push (VAPID) private key: a P-256 private key, 32 bytes in base64url. Its public key,
 * which browsers subscribe with, is derived from it (GET /mango/reminders/push-key). Changing it
 * makes every browser subscribe again.
 */
export const VAPID_PRIVATE_KEY = defineSecret('VAPID_PRIVATE_KEY');

/** The SMTP server email digests go through: `smtps://user:password@smtp.example.com:465`. */
export const SMTP_URL = defineSecret('SMTP_URL');

/** The site the emails link to (`https://<project>.web.app`, or the app's own domain). */
const APP_URL = defineString('APP_URL', { description: 'The web app address the reminder emails link to.' });

/** Who the emails come from: `Mango Grove Tracker <reminders@example.com>`, an address the SMTP server may send as. */
const MAIL_FROM = defineString('MAIL_FROM', { description: 'The sender of the reminder emails.' });

/** The reminders' sending settings, read when first needed (params have no value before a request). */
export interface ReminderDelivery {
  vapidPrivateKey: string;
  smtpUrl: string;
  appUrl: string;
  mailFrom: string;
}

export const reminderDeliveryFromParams = (): ReminderDelivery => ({
  vapidPrivateKey: VAPID_PRIVATE_KEY.value(),
  smtpUrl: SMTP_URL.value(),
  appUrl: APP_URL.value().replace(/\/+$/, ''),
  mailFrom: MAIL_FROM.value(),
});
