import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { toggleTheme, useTheme } from '@/lib/theme';

const messages = defineMessages({
  name: { id: 'theme.dark', message: 'Dark theme' },
  toLight: { id: 'theme.toLight', message: 'Switch to the light theme' },
  toDark: { id: 'theme.toDark', message: 'Switch to the dark theme' },
});

/** A toggle button: its name says what it switches, aria-pressed says whether it is on. */
export function ThemeToggle() {
  const dark = useTheme() === 'dark';
  const t = useT();
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-pressed={dark}
      aria-label={t(messages.name)}
      title={t(dark ? messages.toLight : messages.toDark)}
      className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 dark:text-mango-100 dark:hover:bg-slate-800"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
