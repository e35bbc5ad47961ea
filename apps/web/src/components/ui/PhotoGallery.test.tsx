import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '@/i18n';
import { aPhoto, anId } from '@/test/fixtures';
import { PhotoGallery } from './PhotoGallery';

const PHOTOS = [aPhoto({ id: anId(0xc1) }), aPhoto({ id: anId(0xc2), width: 960, height: 1280 })];

describe('PhotoGallery', () => {
  it('shows thumbnails that load when scrolled near, in boxes of a fixed size', () => {
    render(<PhotoGallery photos={PHOTOS} subject="Layers mash" />);
    const first = screen.getByRole('img', { name: 'Photo 1 of 2: Layers mash' });
    expect(first).toHaveAttribute('src', PHOTOS[0]!.thumb_url);
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('width', '320');
    expect(first).toHaveAttribute('height', '320');
    expect(first.closest('button')).toHaveClass('aspect-square');
    expect(screen.getByRole('img', { name: 'Photo 2 of 2: Layers mash' })).toBeInTheDocument();
  });

  it('opens the full photo on a tap, steps through the others, and closes', () => {
    render(<PhotoGallery photos={PHOTOS} subject="Layers mash" />);
    fireEvent.click(screen.getByRole('button', { name: 'Photo 2 of 2: Layers mash' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Photo 2 of 2: Layers mash' }));
    const full = dialog.getByRole('img');
    expect(full).toHaveAttribute('src', PHOTOS[1]!.url);
    expect(full).toHaveAttribute('width', '960');
    expect(full).toHaveAttribute('height', '1280');

    fireEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 2: Layers mash' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 2: Layers mash' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the full photo with the phone’s Back button, staying on the page', async () => {
    render(<PhotoGallery photos={PHOTOS.slice(0, 1)} subject="Layers mash" />);
    const before = window.location.href;
    fireEvent.click(screen.getByRole('button', { name: 'Photo 1 of 1: Layers mash' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.href).toBe(before);
  });
});
