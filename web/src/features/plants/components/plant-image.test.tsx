import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, PlantImage } from './plant-image';

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
});
