import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthState } from '@/lib/auth';
import { saveAccountLanguage } from '@/lib/i18n/account-language';
import { activateLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { LanguageSwitcher } from './language-switcher';

vi.mock('@/lib/auth', async (original) => ({
  ...(await original<typeof import('@/lib/auth')>()),
  getAuthState: vi.fn(() => ({ loading: false, user: null })),
}));
vi.mock('@/lib/i18n/account-language', () => ({ saveAccountLanguage: vi.fn(async () => {}) }));

const messages = defineMessages({ home: { id: 'nav.home', message: 'Home' } });

function Page({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <>
      <LanguageSwitcher compact={compact} />
      <p>{t(messages.home)}</p>
    </>
  );
}

afterEach(async () => {
  vi.mocked(saveAccountLanguage).mockClear();
  await activateLanguage('en');
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
});

describe('LanguageSwitcher', () => {
  it('speaks the language chosen: text, <html lang>, this device and the cookie Hosting reads', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Page />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getByText('Home')).toBeInTheDocument();

    await user.selectOptions(select, 'Deutsch');

    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=de`);
    // Nobody is signed in: no account to tell.
    expect(saveAccountLanguage).not.toHaveBeenCalled();
  });

  it("saves a signed-in reader's choice as their account's language, which their digests speak", async () => {
    vi.mocked(getAuthState).mockReturnValue({
      loading: false,
      user: { uid: 'u1', email: 'ada@example.test', displayName: 'Ada', photoURL: null },
    });
    const user = userEvent.setup({ delay: null });
    render(<Page />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByText('Accueil')).toBeInTheDocument();
    await vi.waitFor(() => expect(saveAccountLanguage).toHaveBeenCalledWith('fr'));
    expect(saveAccountLanguage).toHaveBeenCalledTimes(1);
  });

  it('names each language in itself, for the reader and for a screen reader', () => {
    render(<Page compact />);
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.lang])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['Deutsch', 'de'],
      ['Français', 'fr'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });
});
