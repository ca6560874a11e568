/**
 * The push services the server posts to: a browser's subscription names its endpoint, and the
 * server never posts to an address a client chose, so an endpoint must be on one of these (by host,
 * over https). Chrome and Edge's FCM, Firefox's autopush, Windows' WNS and Safari's Apple push.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  'web.push.apple.com',
  '.push.apple.com',
];

/**
 * Whether the server may post to `endpoint`: https on a known push service; with
 * `localReceivers` (the local stack, where tests run a push receiver of their own) also
 * http://127.0.0.1 and http://localhost on any port. No credentials, ever.
 */
export function isAllowedPushEndpoint(endpoint: string, localReceivers: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (localReceivers && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))
    return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => (known.startsWith('.') ? host.endsWith(known) : host === known));
}
