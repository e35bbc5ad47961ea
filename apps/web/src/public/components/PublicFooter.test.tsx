import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PublicFooter } from './PublicFooter';

describe('PublicFooter', () => {
  it('opens Privacy Policy and Terms of Service as separate modal dialogs', () => {
    // jsdom has no showModal; the browser's is what opens the dialog.
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const original = Object.getOwnPropertyDescriptor(HTMLDialogElement.prototype, 'showModal');
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', { value: showModal, configurable: true });
    onTestFinished(() => {
      if (original) Object.defineProperty(HTMLDialogElement.prototype, 'showModal', original);
      else delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
    });
    const { container } = render(<PublicFooter currentPath="/login" />);
    fireEvent.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(container.querySelector('#terms')).toHaveAttribute('open');
    expect(container.querySelector('#privacy')).not.toHaveAttribute('open');
    fireEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(container.querySelector('#privacy')).toHaveAttribute('open');
    expect(showModal).toHaveBeenCalledTimes(2);
  });

  it('states the terms the spec requires', () => {
    const { container } = render(<PublicFooter currentPath="/" />);
    const terms = container.querySelector('#terms')!.textContent;
    expect(terms).toContain('Effective date: 26/05/2025');
    expect(terms).toContain('at most 10 workers');
    expect(terms).toContain('billed annually');
    expect(terms).toContain('cancel your subscription at any time');
    expect(terms).toContain('no refund for unused time');
    expect(terms).toContain('Disputes are handled by Gona');
    expect(terms).toContain('laws of the Federal Republic of Nigeria');
    expect(screen.getByText('© 2024 Gona. All rights reserved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  });
});
