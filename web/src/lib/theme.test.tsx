import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { getTheme, initTheme, setTheme, THEME_STORAGE_KEY, toggleTheme } from './theme';

const html = document.documentElement;

describe('theme', () => {
  it('is light by default, with no dark class', () => {
    initTheme();
    expect(getTheme()).toBe('light');
    expect(html).not.toHaveClass('dark');
  });

  it('saves the choice under "theme" and toggles the dark class on <html>', () => {
    setTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(html).toHaveClass('dark');
    expect(toggleTheme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(html).not.toHaveClass('dark');
  });

  it('restores a saved dark theme on start', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    initTheme();
    expect(getTheme()).toBe('dark');
    expect(html).toHaveClass('dark');
  });

  it('ignores anything but "dark" in storage', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    initTheme();
    expect(getTheme()).toBe('light');
  });

  it('follows a change made in another tab', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(html).toHaveClass('dark');
  });
});

describe('ThemeToggle', () => {
  it('is a pressed/unpressed "Dark theme" button that switches and saves the theme', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
