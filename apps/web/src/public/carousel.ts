/** Spec section 9: the testimonials rotate every 5000 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;

export type CarouselOptions = {
  count: number;
  onChange: (index: number) => void;
  /** People who ask for reduced motion get no automatic rotation (dots still work). */
  reducedMotion?: boolean;
  intervalMs?: number;
};

export type Carousel = {
  readonly index: number;
  /** Shows one entry directly (a dot was chosen) and restarts the wait before the next. */
  show: (index: number) => void;
  /** While hovered or focused, the carousel holds still. */
  pause: () => void;
  resume: () => void;
  stop: () => void;
};

/**
 * The carousel's timing, kept free of the DOM so the static pages' enhancement script and any
 * React view share one tested behaviour. Advances by one and wraps after the last entry.
 */
export function createCarousel({
  count,
  onChange,
  reducedMotion = false,
  intervalMs = CAROUSEL_INTERVAL_MS,
}: CarouselOptions): Carousel {
  let index = 0;
  let paused = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (reducedMotion || paused || stopped || count < 2) return;
    timer = setTimeout(() => {
      set((index + 1) % count);
      schedule();
    }, intervalMs);
  };

  const set = (next: number) => {
    if (next === index) return;
    index = next;
    onChange(index);
  };

  schedule();

  return {
    get index() {
      return index;
    },
    show(next) {
      if (!Number.isInteger(next) || next < 0 || next >= count) return;
      set(next);
      schedule();
    },
    pause() {
      paused = true;
      schedule();
    },
    resume() {
      paused = false;
      schedule();
    },
    stop() {
      stopped = true;
      schedule();
    },
  };
}
