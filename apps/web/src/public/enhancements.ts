/**
 * Small enhancements over prerendered HTML that already works without them: logo fallback,
 * legal dialogs, testimonial carousel, pricing figures, contact form. Called by enhance.ts, the pages' only script.
 */
import { createCarousel, type Carousel } from './carousel';
import { busy, showFieldErrors, toast } from './form-enhance';

/** Spec: the logo falls back to a PNG image if the SVG fails to load. */
export function enhanceLogos() {
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const swap = () => {
      const fallback = img.dataset.fallback;
      if (fallback && !img.src.endsWith(fallback)) img.src = fallback;
    };
    if (img.complete && img.naturalWidth === 0) swap();
    else img.addEventListener('error', swap, { once: true });
  }
}

export function enhanceDialogs() {
  const dialogFor = (name: string | undefined) => {
    const element = name ? document.getElementById(name) : null;
    return element instanceof HTMLDialogElement ? element : null;
  };
  for (const trigger of document.querySelectorAll<HTMLAnchorElement>('a[data-dialog]')) {
    trigger.addEventListener('click', (event) => {
      const dialog = dialogFor(trigger.dataset.dialog);
      if (!dialog) return;
      event.preventDefault();
      dialog.showModal();
    });
  }
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog')) {
    // A click on the backdrop lands on the dialog element itself.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    // Without this, CSS :target would keep showing a dialog opened from a #privacy link.
    dialog.addEventListener('close', () => {
      if (location.hash === `#${dialog.id}`)
        history.replaceState(null, '', location.pathname + location.search);
    });
  }
  dialogFor(location.hash.slice(1))?.showModal();
}

export function enhanceCarousel(scope: ParentNode = document): Carousel | null {
  const root = scope.querySelector<HTMLElement>('[data-carousel]');
  const slidesBox = root?.querySelector<HTMLElement>('[data-slides]');
  const dotsBox = root?.querySelector<HTMLElement>('[data-dots]');
  if (!root || !slidesBox || !dotsBox) return null;
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-dot]')];
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  const render = (index: number) => {
    slides.forEach((slide, i) => {
      slide.setAttribute('aria-hidden', String(i !== index));
      slide.toggleAttribute('inert', i !== index);
    });
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === index)));
  };
  let hovered = false;
  let focused = false;
  // Screen readers hear a new quote only when it changes on request, not on every rotation.
  const setLive = () =>
    slidesBox.setAttribute('aria-live', reducedMotion || hovered || focused ? 'polite' : 'off');

  const carousel = createCarousel({ count: slides.length, onChange: render, reducedMotion });
  root.setAttribute('data-carousel-ready', '');
  dotsBox.hidden = false;
  render(0);
  setLive();

  const update = () => {
    if (hovered || focused) carousel.pause();
    else carousel.resume();
    setLive();
  };
  root.addEventListener('mouseenter', () => {
    hovered = true;
    update();
  });
  root.addEventListener('mouseleave', () => {
    hovered = false;
    update();
  });
  root.addEventListener('focusin', () => {
    focused = true;
    update();
  });
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    update();
  });
  dots.forEach((dot, i) => dot.addEventListener('click', () => carousel.show(i)));
  return carousel;
}

type PlansAnswer = { plans?: Array<{ id: string; price_naira_per_year: number }> };

/** The pricing page's amounts, refreshed from the server's configured prices. */
export function enhancePricing() {
  const amounts = document.querySelectorAll<HTMLElement>('[data-plan-amount]');
  if (amounts.length === 0) return;
  fetch('/api/plans', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<PlansAnswer>) : null))
    .then((answer) => {
      for (const plan of answer?.plans ?? []) {
        const amount = document.querySelector<HTMLElement>(`[data-plan-amount="${plan.id}"]`);
        // Whole naira, written the way formatNaira writes it (₦60,000). Untouched when equal, so
        // the prerendered figure stays the page's largest contentful paint.
        const text = `₦${plan.price_naira_per_year.toLocaleString('en-NG')}`;
        if (amount && amount.textContent !== text) amount.textContent = text;
      }
    })
    // The prerendered figures stay; they came from the same configuration at build time.
    .catch(() => undefined);
}

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

export function enhanceContactForm() {
  const form = document.querySelector<HTMLFormElement>('form[data-contact-form]');
  const status = document.querySelector<HTMLElement>('[data-form-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !button) return;
  // The notices rendered for the no-JavaScript flow carry the catalogue's texts.
  const text = (id: string) => document.getElementById(id)?.textContent ?? '';
  const failed = status.dataset.failed ?? '';
  form.noValidate = true;

  const showStatus = (message: string) => {
    status.textContent = message;
    status.hidden = !message;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    showStatus('');
    const done = busy(button);
    const body = JSON.stringify(Object.fromEntries(new FormData(form)));
    fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    })
      .then(async (response) => {
        if (response.ok) {
          showFieldErrors(form, {});
          form.reset();
          toast(text('contact-sent'));
          return;
        }
        const answer = (await response.json().catch(() => ({}))) as ErrorBody;
        if (response.status === 400 && answer.error?.fields) {
          showFieldErrors(form, answer.error.fields);
          showStatus(text('contact-invalid'));
        } else if (response.status === 429) {
          showStatus(text('contact-limited'));
        } else {
          showStatus(failed);
        }
      })
      .catch(() => showStatus(failed))
      .finally(done);
  });
}

/**
 * /help's search box: asks GET /api/help/search and lists the matching articles above the full
 * list (which is there without the script). Built with DOM calls, never HTML from the answer.
 */
export function enhanceHelpSearch(scope: ParentNode = document) {
  const form = scope.querySelector<HTMLFormElement>('form[data-help-search]');
  const results = scope.querySelector<HTMLElement>('[data-help-results]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !results || !input) return;
  const say = (text: string) => {
    const p = document.createElement('p');
    p.className = 'rounded-md border border-stone-300 bg-stone-50 p-3 text-stone-800';
    p.textContent = text;
    results.replaceChildren(p);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = input.value.trim();
    if (q.length < 2) return results.replaceChildren();
    fetch(`/api/help/search?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const { items } = (await response.json()) as {
          items: { slug: string; title: string; description: string }[];
        };
        if (!items.length) return say(results.dataset.none ?? '');
        const list = document.createElement('ul');
        list.className = 'grid gap-3';
        list.setAttribute('aria-label', results.dataset.label ?? '');
        for (const item of items) {
          const li = document.createElement('li');
          li.className = 'rounded-xl border border-green-300 bg-green-50 p-4';
          const link = document.createElement('a');
          link.href = `/help/${encodeURIComponent(item.slug)}`;
          link.className = 'text-lg font-bold text-green-900 hover:underline';
          link.textContent = item.title;
          const description = document.createElement('p');
          description.className = 'mt-1 text-stone-800';
          description.textContent = item.description;
          li.append(link, description);
          list.append(li);
        }
        results.replaceChildren(list);
      })
      .catch(() => say(results.dataset.failed ?? ''));
  });
  const asked = new URLSearchParams(location.search).get('q');
  if (asked) {
    input.value = asked;
    form.requestSubmit();
  }
}
