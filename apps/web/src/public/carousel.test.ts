import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, createCarousel } from './carousel';

describe('createCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances every 5000 ms and wraps after the third entry', () => {
    const onChange = vi.fn();
    const carousel = createCarousel({ count: 3, onChange });
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(carousel.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(carousel.index).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(carousel.index).toBe(2);
    vi.advanceTimersByTime(5000);
    expect(carousel.index).toBe(0);
    expect(onChange.mock.calls).toEqual([[1], [2], [0]]);
  });

  it('jumps to a chosen dot and waits a full interval before moving on', () => {
    const carousel = createCarousel({ count: 3, onChange: vi.fn() });
    vi.advanceTimersByTime(4000);
    carousel.show(2);
    expect(carousel.index).toBe(2);
    vi.advanceTimersByTime(4999);
    expect(carousel.index).toBe(2);
    vi.advanceTimersByTime(1);
    expect(carousel.index).toBe(0);
  });

  it('ignores a dot outside the entries', () => {
    const onChange = vi.fn();
    const carousel = createCarousel({ count: 3, onChange });
    carousel.show(3);
    carousel.show(-1);
    expect(carousel.index).toBe(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('holds still while paused (hover or focus) and continues after', () => {
    const carousel = createCarousel({ count: 3, onChange: vi.fn() });
    vi.advanceTimersByTime(3000);
    carousel.pause();
    vi.advanceTimersByTime(20000);
    expect(carousel.index).toBe(0);
    carousel.resume();
    vi.advanceTimersByTime(5000);
    expect(carousel.index).toBe(1);
  });

  it('does not rotate on its own for reduced motion, but dots still work', () => {
    const carousel = createCarousel({ count: 3, onChange: vi.fn(), reducedMotion: true });
    vi.advanceTimersByTime(60000);
    expect(carousel.index).toBe(0);
    carousel.show(1);
    vi.advanceTimersByTime(60000);
    expect(carousel.index).toBe(1);
  });

  it('stops for good', () => {
    const carousel = createCarousel({ count: 3, onChange: vi.fn() });
    carousel.stop();
    carousel.resume();
    vi.advanceTimersByTime(60000);
    expect(carousel.index).toBe(0);
  });
});
