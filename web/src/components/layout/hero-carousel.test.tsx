import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from './hero-carousel';

const TITLES = ['Plant Care Tip 1', 'Popular Plant Varieties', 'Indoor Plants Benefits'];

/** The slide a person sees: the only one not hidden from assistive technology. */
const visibleTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const currentDot = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

function renderCarousel() {
  return render(
    <MemoryRouter>
      <HeroCarousel />
    </MemoryRouter>,
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('HeroCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the three slides of the spec, each with its button linking to /allPlants', () => {
    renderCarousel();
    for (const cta of ['Watering Guide', 'Explore Plants', 'Learn Benefits']) {
      expect(screen.getByRole('link', { name: cta, hidden: true })).toHaveAttribute('href', '/allPlants');
    }
    expect(visibleTitle()).toBe(TITLES[0]);
    expect(currentDot()).toBe('Slide 1: Plant Care Tip 1');
  });

  it('advances every 5000 ms and wraps after the last slide', () => {
    renderCarousel();
    advance(4999);
    expect(visibleTitle()).toBe(TITLES[0]);
    advance(1);
    expect(visibleTitle()).toBe(TITLES[1]);
    advance(5000);
    expect(visibleTitle()).toBe(TITLES[2]);
    expect(currentDot()).toBe('Slide 3: Indoor Plants Benefits');
    advance(5000);
    expect(visibleTitle()).toBe(TITLES[0]);
  });

  it('wraps with the arrows and jumps with the dots', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleTitle()).toBe(TITLES[2]);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleTitle()).toBe(TITLES[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2: Popular Plant Varieties' }));
    expect(visibleTitle()).toBe(TITLES[1]);
    expect(currentDot()).toBe('Slide 2: Popular Plant Varieties');
  });

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Plant care highlights' });
    fireEvent.mouseEnter(carousel);
    advance(15000);
    expect(visibleTitle()).toBe(TITLES[0]);
    fireEvent.mouseLeave(carousel);
    advance(5000);
    expect(visibleTitle()).toBe(TITLES[1]);
  });

  it('pauses while keyboard focus is inside', () => {
    renderCarousel();
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    advance(15000);
    expect(visibleTitle()).toBe(TITLES[0]);
  });

  it('stops and starts with its own button', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(15000);
    expect(visibleTitle()).toBe(TITLES[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(5000);
    expect(visibleTitle()).toBe(TITLES[1]);
  });

  it('does not rotate on its own under prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderCarousel();
    advance(20000);
    expect(visibleTitle()).toBe(TITLES[0]);
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
  });
});
