/** The hero carousel's three fixed slides. Every button links to /allPlants. */
export interface HeroSlide {
  title: string;
  description: string;
  /** The image name under /images/hero: `<name>.webp` is 1600x900, `<name>-800.webp` 800x450. */
  image: string;
  cta: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: 'Plant Care Tip 1',
    description:
      'Water regularly, but avoid overwatering: check that the top inch of soil is dry before you water again.',
    image: 'watering',
    cta: 'Watering Guide',
  },
  {
    title: 'Popular Plant Varieties',
    description: 'From easy succulents and lush ferns to colourful flowering plants, find the right green companion.',
    image: 'varieties',
    cta: 'Explore Plants',
  },
  {
    title: 'Indoor Plants Benefits',
    description: 'Indoor plants freshen the air you breathe and lift your mood every day.',
    image: 'indoor',
    cta: 'Learn Benefits',
  },
];

export const HERO_INTERVAL_MS = 5000;

export function heroImage(name: string) {
  return {
    src: `/images/hero/${name}.webp`,
    srcSet: `/images/hero/${name}-800.webp 800w, /images/hero/${name}.webp 1600w`,
  };
}
