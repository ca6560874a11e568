import { defineMessages, type Message } from '@/lib/i18n/messages';

/** The hero carousel's three fixed slides. Every button links to /allPlants. */
export interface HeroSlide {
  title: Message;
  description: Message;
  /** The image name under /images/hero: `<name>.webp` is 1600x900, `<name>-800.webp` 800x450. */
  image: string;
  cta: Message;
}

const messages = defineMessages({
  wateringTitle: { id: 'hero.watering.title', message: 'Plant Care Tip 1' },
  wateringText: {
    id: 'hero.watering.text',
    message: 'Water regularly, but avoid overwatering: check that the top inch of soil is dry before you water again.',
  },
  wateringCta: { id: 'hero.watering.cta', message: 'Watering Guide' },
  varietiesTitle: { id: 'hero.varieties.title', message: 'Popular Plant Varieties' },
  varietiesText: {
    id: 'hero.varieties.text',
    message: 'From easy succulents and lush ferns to colourful flowering plants, find the right green companion.',
  },
  varietiesCta: { id: 'hero.varieties.cta', message: 'Explore Plants' },
  indoorTitle: { id: 'hero.indoor.title', message: 'Indoor Plants Benefits' },
  indoorText: {
    id: 'hero.indoor.text',
    message: 'Indoor plants freshen the air you breathe and lift your mood every day.',
  },
  indoorCta: { id: 'hero.indoor.cta', message: 'Learn Benefits' },
});

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: messages.wateringTitle,
    description: messages.wateringText,
    image: 'watering',
    cta: messages.wateringCta,
  },
  {
    title: messages.varietiesTitle,
    description: messages.varietiesText,
    image: 'varieties',
    cta: messages.varietiesCta,
  },
  { title: messages.indoorTitle, description: messages.indoorText, image: 'indoor', cta: messages.indoorCta },
];

export const HERO_INTERVAL_MS = 5000;

export function heroImage(name: string) {
  return {
    src: `/images/hero/${name}.webp`,
    srcSet: `/images/hero/${name}-800.webp 800w, /images/hero/${name}.webp 1600w`,
  };
}
