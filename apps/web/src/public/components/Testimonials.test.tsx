import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '../carousel';
import { enhanceCarousel } from '../enhancements';
import { TESTIMONIALS, Testimonials } from './Testimonials';

/** jsdom has no matchMedia; the carousel asks it for prefers-reduced-motion. */
function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }));
}

function setup() {
  const { container } = render(<Testimonials />);
  const carousel = enhanceCarousel(container);
  const root = container.querySelector<HTMLElement>('[data-carousel]')!;
  const visible = () =>
    [...container.querySelectorAll('[data-slide]')].findIndex(
      (slide) => slide.getAttribute('aria-hidden') === 'false',
    );
  const dot = (n: number) =>
    screen.getByRole('button', { name: `Show testimonial ${n} of ${TESTIMONIALS.length}` });
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  return { carousel, root, visible, dot, wait };
}

describe('testimonial carousel on the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preferReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows all three quotes and no dots until the script runs', () => {
    const { container } = render(<Testimonials />);
    expect(container.querySelectorAll('[data-slide]')).toHaveLength(3);
    expect(container.querySelector('[data-dots]')).not.toBeVisible();
  });

  it('shows one quote, advances every 5000 ms and wraps after the third', () => {
    const { visible, dot, wait } = setup();
    expect(visible()).toBe(0);
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    wait(CAROUSEL_INTERVAL_MS - 1);
    expect(visible()).toBe(0);
    wait(1);
    expect(visible()).toBe(1);
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
    expect(dot(1)).toHaveAttribute('aria-current', 'false');
    wait(CAROUSEL_INTERVAL_MS);
    expect(visible()).toBe(2);
    wait(CAROUSEL_INTERVAL_MS);
    expect(visible()).toBe(0);
  });

  it('a dot sets the quote directly', () => {
    const { visible, dot, root } = setup();
    fireEvent.click(dot(3));
    expect(visible()).toBe(2);
    expect(root.querySelectorAll('[data-slide]')[0]).toHaveAttribute('inert');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    const { visible, root, wait } = setup();
    fireEvent.mouseEnter(root);
    wait(CAROUSEL_INTERVAL_MS * 4);
    expect(visible()).toBe(0);
    fireEvent.mouseLeave(root);
    wait(CAROUSEL_INTERVAL_MS);
    expect(visible()).toBe(1);
  });

  it('pauses while focus is inside and resumes when it leaves', () => {
    const { visible, dot, wait } = setup();
    act(() => dot(2).focus());
    wait(CAROUSEL_INTERVAL_MS * 4);
    expect(visible()).toBe(0);
    act(() => dot(2).blur());
    wait(CAROUSEL_INTERVAL_MS);
    expect(visible()).toBe(1);
  });

  it('does not move on its own for people who prefer reduced motion', () => {
    preferReducedMotion(true);
    const { visible, dot, wait } = setup();
    wait(CAROUSEL_INTERVAL_MS * 10);
    expect(visible()).toBe(0);
    fireEvent.click(dot(2));
    expect(visible()).toBe(1);
  });
});
