// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRating } from './star-rating.tsx';

afterEach(cleanup);

describe('StarRating', () => {
  it('is one image named by its figure, filled to the exact fraction', () => {
    const { container } = render(<StarRating value={4.5} className="text-xl" />);
    const rating = screen.getByRole('img', { name: 'Rated 4.5 out of 5' });
    const [empty, filled] = rating.children as unknown as HTMLElement[];
    expect(empty?.className).toContain('star-row');
    expect(filled?.className).toContain('star-row');
    expect(filled?.style.width).toBe('90%');
    expect(rating.className).toContain('text-xl');
    // Two masked elements, no SVG per star.
    expect(container.querySelectorAll('svg')).toHaveLength(0);
    expect(container.querySelectorAll('*')).toHaveLength(3);
  });

  it('keeps the fill within the five stars', () => {
    render(<StarRating value={7} />);
    const over = screen.getByRole('img', { name: 'Rated 7 out of 5' });
    expect((over.children[1] as HTMLElement).style.width).toBe('100%');
  });
});
