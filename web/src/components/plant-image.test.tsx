import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_GRID_SIZES, PLACEHOLDER_IMAGE, PLANT_PAGE_SIZES, PlantImage } from './plant-image';
import indexHtml from '../../index.html?raw';

describe('PlantImage', () => {
  it('shows an http(s) or same-site image as given', () => {
    render(<PlantImage src="https://example.com/fern.jpg" alt="Fern" />);
    expect(screen.getByRole('img', { name: 'Fern' })).toHaveAttribute('src', 'https://example.com/fern.jpg');
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png', '', null, undefined])(
    'never requests %j and shows the placeholder instead',
    (src) => {
      render(<PlantImage src={src} alt="Fern" />);
      expect(screen.getByRole('img', { name: 'Fern' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    },
  );

  it('falls back to the placeholder when the image fails to load', () => {
    render(<PlantImage src="https://example.com/missing.jpg" alt="Fern" />);
    const image = screen.getByRole('img', { name: 'Fern' });
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it("offers an uploaded photo's smaller sizes beside it, picked by the width it is shown at", () => {
    render(
      <PlantImage
        src="/mango/p1/photos/a/full.webp"
        cardUrl="/mango/p1/photos/a/card.webp"
        thumbUrl="/mango/p1/photos/a/thumb.webp"
        sizes="64px"
        alt="Fern"
      />,
    );
    const image = screen.getByRole('img', { name: 'Fern' });
    expect(image).toHaveAttribute(
      'srcset',
      '/mango/p1/photos/a/thumb.webp 400w, /mango/p1/photos/a/card.webp 800w, /mango/p1/photos/a/full.webp 1600w',
    );
    expect(image).toHaveAttribute('sizes', '64px');
    expect(image).toHaveAttribute('src', '/mango/p1/photos/a/full.webp');
  });

  it('offers the thumbnail alone beside a cover chosen before the card size existed', () => {
    render(<PlantImage src="/mango/p1/photos/a/full.webp" thumbUrl="/mango/p1/photos/a/thumb.webp" alt="Fern" />);
    expect(screen.getByRole('img', { name: 'Fern' })).toHaveAttribute(
      'srcset',
      '/mango/p1/photos/a/thumb.webp 400w, /mango/p1/photos/a/full.webp 1600w',
    );
  });

  it('offers no srcset without a thumbnail, for an unsafe one, or when the image itself is not shown', () => {
    render(<PlantImage src="https://example.com/fern.jpg" alt="Linked" />);
    render(<PlantImage src="/mango/p1/photos/a/full.webp" thumbUrl="javascript:alert(1)" alt="Unsafe thumbnail" />);
    render(
      <PlantImage
        src="javascript:alert(1)"
        thumbUrl="/mango/p1/photos/a/thumb.webp"
        cardUrl="/mango/p1/photos/a/card.webp"
        alt="Unsafe image"
      />,
    );
    render(
      <PlantImage
        src="/mango/p1/photos/a/full.webp"
        thumbUrl="javascript:alert(1)"
        cardUrl="//evil.example/card.webp"
        alt="Unsafe sizes"
      />,
    );
    for (const name of ['Linked', 'Unsafe thumbnail', 'Unsafe image', 'Unsafe sizes']) {
      expect(screen.getByRole('img', { name })).not.toHaveAttribute('srcset');
      expect(screen.getByRole('img', { name })).not.toHaveAttribute('sizes');
    }
  });

  it('drops the srcset for the placeholder when the photo fails to load (srcset would win over src)', () => {
    render(<PlantImage src="/mango/p1/photos/gone/full.webp" thumbUrl="/mango/p1/photos/gone/thumb.webp" alt="Fern" />);
    const image = screen.getByRole('img', { name: 'Fern' });
    fireEvent.error(image);
    expect(image).not.toHaveAttribute('srcset');
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it("is asked for early by index.html with the same sizes, so the early request is the image's own", () => {
    // index.html cannot import them; a different value would download a second size of the photo.
    expect(indexHtml).toContain(`'${CARD_GRID_SIZES}'`);
    expect(indexHtml).toContain(`'${PLANT_PAGE_SIZES}'`);
  });
});
