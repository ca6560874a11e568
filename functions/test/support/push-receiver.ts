import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error: http_ece ships no types.
import ece from 'http_ece';

/** A message a subscription received, decrypted with its own keys as the browser would. */
interface ReceivedPush {
  headers: http.IncomingHttpHeaders;
  payload: unknown;
}

interface Subscriber {
  ecdh: ECDH;
  auth: string;
  /** What the push service answers for this subscription: 201 delivered, 410 gone, 503 later. */
  status: number;
  received: ReceivedPush[];
}

/**
 * A push service of the tests' own on 127.0.0.1 (the local stack accepts such endpoints): each
 * subscription it makes is a browser's, with its own P-256 key pair and auth secret, and every
 * message posted to it is decrypted (aes128gcm, RFC 8188 and 8291) with them, as a browser would,
 * and kept.
 */
export async function startPushReceiver() {
  const subscribers = new Map<string, Subscriber>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      const subscriber = subscribers.get(id);
      if (!subscriber || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (subscriber.status === 201) {
        const plain: Buffer = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.auth,
        });
        subscriber.received.push({ headers: req.headers, payload: JSON.parse(plain.toString('utf8')) });
      }
      res.writeHead(subscriber.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** A browser's subscription (PushSubscription.toJSON()) on this receiver. */
    subscribe(status = 201) {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const subscriber: Subscriber = { ecdh, auth, status, received: [] };
      subscribers.set(id, subscriber);
      return {
        endpoint: `http://127.0.0.1:${port}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        /** What this subscription has received, decrypted. */
        received: subscriber.received,
        /** Changes what the service answers from now on. */
        answer(next: number) {
          subscriber.status = next;
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
