import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { toggleTheme, useTheme } from '@/lib/theme';

/** A toggle button: its name says what it switches, aria-pressed says whether it is on. */
export function ThemeToggle() {
  const dark = useTheme() === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 dark:text-mango-100 dark:hover:bg-slate-800"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
