import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError, type ApiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { matchAccountLanguage, saveAccountLanguage } from './account-language';
import { activateLanguage, chooseLanguage, chosenLanguage, LANGUAGE_COOKIE, readerLanguage } from './i18n';
import type { Language } from './languages';

vi.mock('@/lib/api-client');
vi.mock('@/lib/toast');

/** The account's reminder settings as the server keeps them, and what the page asked it. */
let account: { language: Language };
let requests: string[];
let failing: boolean;

beforeEach(() => {
  account = { language: 'en' };
  requests = [];
  failing = false;
  vi.mocked(apiFetch).mockImplementation(async (path: string, request: ApiRequest = {}) => {
    const method = request.method ?? 'GET';
    requests.push(`${method} ${path}${request.body ? ` ${JSON.stringify(request.body)}` : ''}`);
    if (failing) throw new ApiError(503, 'unavailable', 'The server is busy right now.');
    if (method === 'PUT') account = { ...account, ...(request.body as { language: Language }) };
    return { ...account };
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.mocked(toast.error).mockClear();
  await activateLanguage('en');
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
});

/** The browser's languages, as navigator.languages lists them. */
const browserSpeaks = (...languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

const SETTINGS = '/mango/reminders/settings';

describe('at a sign-in', () => {
  it("saves this device's choice when the account's language differs: one GET, one PUT", async () => {
    await chooseLanguage('de');
    account = { language: 'fr' };
    await matchAccountLanguage(false);
    expect(requests).toEqual([`GET ${SETTINGS}`, `PUT ${SETTINGS} {"language":"de"}`]);
    expect(account.language).toBe('de');
    expect(readerLanguage()).toBe('de');
  });

  it('asks once and changes nothing when the account already speaks the choice', async () => {
    await chooseLanguage('es');
    account = { language: 'es' };
    await matchAccountLanguage(false);
    expect(requests).toEqual([`GET ${SETTINGS}`]);
  });

  it("takes up the account's language on a device that chose none, and keeps it after a reload, not as a choice", async () => {
    account = { language: 'fr' };
    await matchAccountLanguage(false);
    expect(requests).toEqual([`GET ${SETTINGS}`]);
    expect(document.documentElement.lang).toBe('fr');
    expect(readerLanguage()).toBe('fr');
    expect(chosenLanguage()).toBeUndefined();
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=fr`);
  });

  it("keeps the browser's language when the account answers English, which it does until someone chooses", async () => {
    browserSpeaks('de-AT', 'en');
    await activateLanguage(readerLanguage());
    await matchAccountLanguage(false);
    expect(requests).toEqual([`GET ${SETTINGS}`]);
    expect(readerLanguage()).toBe('de');
    expect(account.language).toBe('en');
  });

  it('gives a new account the language the device speaks, with no GET; English needs no request at all', async () => {
    browserSpeaks('fr-CA');
    await matchAccountLanguage(true);
    expect(requests).toEqual([`PUT ${SETTINGS} {"language":"fr"}`]);

    requests = [];
    browserSpeaks('en-GB');
    await matchAccountLanguage(true);
    expect(requests).toEqual([]);
  });

  it('leaves both as they are when the settings cannot be read', async () => {
    await chooseLanguage('de');
    failing = true;
    await matchAccountLanguage(false);
    expect(requests).toEqual([`GET ${SETTINGS}`]);
    expect(readerLanguage()).toBe('de');
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('saveAccountLanguage', () => {
  it('PUTs the language, and on a failure says so in a toast while the page keeps speaking it', async () => {
    await chooseLanguage('fr');
    await saveAccountLanguage('fr');
    expect(requests).toEqual([`PUT ${SETTINGS} {"language":"fr"}`]);
    expect(toast.error).not.toHaveBeenCalled();

    failing = true;
    await saveAccountLanguage('fr');
    expect(toast.error).toHaveBeenCalledWith(
      'Vos rappels et votre calendrier n’ont pas pu passer à cette langue. Choisissez-la de nouveau plus tard.',
    );
    expect(readerLanguage()).toBe('fr');
  });
});
