import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getIdToken } from '@/lib/auth';
import { uploadPhoto } from './upload-photo';

vi.mock('@/lib/auth', () => ({ getIdToken: vi.fn() }));

/** A stand-in XMLHttpRequest that records what is sent and answers when the test says. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploadPhoto', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.mocked(getIdToken).mockResolvedValue('token-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the bytes with their type and the token, reports the share sent, and answers the photo', async () => {
    const image = new Blob(['jpeg'], { type: 'image/jpeg' });
    const progress: number[] = [];
    const done = uploadPhoto('p 1', image, {
      caption: '  First bud ',
      takenOn: '2026-11-24',
      onProgress: (sent) => progress.push(sent),
    });
    await flush();
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/mango/p%201/photos?caption=First+bud&takenOn=2026-11-24');
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer token-1',
      'Content-Type': 'image/jpeg',
    });
    expect(xhr.body).toBe(image);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    expect(progress).toEqual([0.25, 1]);
    xhr.answer(201, { _id: 'ph1', url: '/u' });
    await expect(done).resolves.toEqual({ _id: 'ph1', url: '/u' });
  });

  it('sends no query for a blank caption and no day', async () => {
    void uploadPhoto('p1', new Blob(['x'], { type: 'image/png' }), { caption: '   ' });
    await flush();
    expect(FakeXhr.last.url).toBe('/mango/p1/photos');
  });

  it("fails with the server's sentence", async () => {
    const done = uploadPhoto('p1', new Blob(['x'], { type: 'image/heic' }));
    await flush();
    FakeXhr.last.answer(415, {
      error: { code: 'unsupported_media_type', message: 'Browsers cannot show HEIC photos.' },
    });
    await expect(done).rejects.toEqual(
      new ApiError(415, 'unsupported_media_type', 'Browsers cannot show HEIC photos.'),
    );
  });

  it('fails with a sentence when there is no answer at all, and asks nothing without a user', async () => {
    const done = uploadPhoto('p1', new Blob(['x'], { type: 'image/jpeg' }));
    await flush();
    FakeXhr.last.onerror?.();
    await expect(done).rejects.toMatchObject({
      status: 0,
      code: 'network',
      message: 'Could not reach the server. Check your connection and try again.',
    });

    vi.mocked(getIdToken).mockResolvedValue(null);
    await expect(uploadPhoto('p1', new Blob(['x'], { type: 'image/jpeg' }))).rejects.toMatchObject({ status: 401 });
  });
});
