import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { HERO_INTERVAL_MS, HERO_SLIDES, heroImage } from './hero-slides';
import { useCarousel, usePrefersReducedMotion } from './use-carousel';

const messages = defineMessages({
  label: { id: 'hero.label', message: 'Plant care highlights' },
  position: { id: 'hero.position', message: '{number} of {count}' },
  previous: { id: 'hero.previous', message: 'Previous slide' },
  next: { id: 'hero.next', message: 'Next slide' },
  stop: { id: 'hero.stop', message: 'Stop automatic slide show' },
  start: { id: 'hero.start', message: 'Start automatic slide show' },
  choose: { id: 'hero.choose', message: 'Choose a slide' },
  slide: { id: 'hero.slide', message: 'Slide {number}: {title}' },
});

const controlClass =
  'flex items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors hover:bg-black/75 focus-visible:outline-white';

/**
 * The home page's hero: three slides that cross-fade with a slight zoom over
 * about 1.5 s, every 5 s, wrapping. Built on the WAI-ARIA carousel pattern: rotation pauses while
 * the pointer or keyboard focus is inside, stays off under prefers-reduced-motion, and has its own
 * start/stop button (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const t = useT();
  const reducedMotion = usePrefersReducedMotion();
  const [rotationChoice, setRotationChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = rotationChoice ?? !reducedMotion;
  const { index, next, previous, goTo } = useCarousel(HERO_SLIDES.length, {
    interval: HERO_INTERVAL_MS,
    playing: rotating && !hovered && !focused,
  });

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t(messages.label)}
      className="relative h-[70vh] max-h-[800px] min-h-[22rem] overflow-hidden bg-leaf-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div id="hero-slides" aria-live={rotating && !hovered && !focused ? 'off' : 'polite'} className="h-full">
        {HERO_SLIDES.map((slide, i) => {
          const active = i === index;
          const image = heroImage(slide.image);
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={t(messages.position, { number: i + 1, count: HERO_SLIDES.length })}
              aria-hidden={!active}
              className={`absolute inset-0 transition-opacity duration-[1500ms] ease-in-out motion-reduce:transition-none ${active ? 'z-10 opacity-100' : 'opacity-0'}`}
            >
              <img
                src={image.src}
                srcSet={image.srcSet}
                sizes="100vw"
                alt=""
                width={1600}
                height={900}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding={i === 0 ? 'sync' : 'async'}
                className={`absolute inset-0 h-full w-full object-cover transition-transform duration-[1500ms] ease-out motion-reduce:transition-none ${active ? 'scale-100' : 'scale-110'}`}
              />
              {/* At least 55% black everywhere keeps white text above 4.5:1 even on a white pixel. */}
              <div className="absolute inset-0 bg-black/55" />
              <div className="absolute inset-0 bg-gradient-to-r from-black/40 to-transparent" />
              <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-14 pb-10 sm:px-20">
                <div className="max-w-xl text-white">
                  <h2 className="text-3xl font-bold leading-tight sm:text-5xl">{t(slide.title)}</h2>
                  <p className="mt-4 text-base text-white sm:text-xl">{t(slide.description)}</p>
                  <Link
                    to={paths.allPlants}
                    tabIndex={active ? undefined : -1}
                    className="mt-6 inline-block rounded-lg bg-mango-400 px-6 py-3 font-semibold text-slate-900 shadow-lg transition-colors hover:bg-mango-100 focus-visible:outline-white"
                  >
                    {t(slide.cta)}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <button
        type="button"
        onClick={previous}
        aria-controls="hero-slides"
        aria-label={t(messages.previous)}
        className={`${controlClass} absolute left-2 top-1/2 z-20 size-10 -translate-y-1/2 sm:left-4 sm:size-12`}
      >
        <ChevronLeftIcon size={24} />
      </button>
      <button
        type="button"
        onClick={next}
        aria-controls="hero-slides"
        aria-label={t(messages.next)}
        className={`${controlClass} absolute right-2 top-1/2 z-20 size-10 -translate-y-1/2 sm:right-4 sm:size-12`}
      >
        <ChevronRightIcon size={24} />
      </button>

      <div className="absolute inset-x-0 bottom-4 z-20 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => setRotationChoice(!rotating)}
          aria-label={t(rotating ? messages.stop : messages.start)}
          className={`${controlClass} size-8`}
        >
          {rotating ? <PauseIcon size={16} /> : <PlayIcon size={14} />}
        </button>
        <div role="group" aria-label={t(messages.choose)} className="flex gap-1 rounded-full bg-black/55 px-2 py-1">
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              onClick={() => goTo(i)}
              aria-controls="hero-slides"
              aria-label={t(messages.slide, { number: i + 1, title: t(slide.title) })}
              aria-current={i === index ? 'true' : undefined}
              className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-white"
            >
              <span
                aria-hidden="true"
                className={`block rounded-full transition-all ${i === index ? 'h-3 w-3 bg-mango-400' : 'h-2.5 w-2.5 bg-white/80 group-hover:bg-white'}`}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
