import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import '@/i18n';
import { PhotoPicker, type PickerPhoto } from './PhotoPicker';

const photo = (n: number, state: PickerPhoto['state'] = 'sent'): PickerPhoto => ({
  id: `photo-${n}`,
  src: `/thumbs/${n}.webp`,
  state,
});

function renderPicker(props: Partial<Parameters<typeof PhotoPicker>[0]> = {}) {
  const onAdd = vi.fn();
  const onRemove = vi.fn();
  render(<PhotoPicker label="Photos" photos={[]} max={6} onAdd={onAdd} onRemove={onRemove} {...props} />);
  return { onAdd, onRemove, field: within(screen.getByRole('group', { name: /Photos/ })) };
}

describe('PhotoPicker', () => {
  it('opens the back camera or the gallery, and hands over what was chosen', () => {
    const { onAdd, field } = renderPicker();
    const camera = field.getByLabelText<HTMLInputElement>('Take a photo');
    const gallery = field.getByLabelText<HTMLInputElement>('Choose from gallery');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera.multiple).toBe(false);
    expect(gallery).not.toHaveAttribute('capture');
    expect(gallery.multiple).toBe(true);

    const files = [
      new File(['a'], 'a.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'b.jpg', { type: 'image/jpeg' }),
    ];
    fireEvent.change(gallery, { target: { files } });
    expect(onAdd).toHaveBeenCalledWith(files);
    expect(screen.getByRole('group', { name: 'Photos (0 of 6)' })).toBeInTheDocument();
  });

  it('shows each photo as a thumbnail with its state and a way to remove it', () => {
    const { onRemove, field } = renderPicker({
      photos: [photo(1), photo(2, 'sending'), photo(3, 'waiting')],
    });
    expect(field.getByRole('img', { name: 'Chosen photo 1' })).toHaveAttribute('src', '/thumbs/1.webp');
    expect(field.getAllByRole('img')).toHaveLength(3);
    expect(field.getByText('Sending…')).toBeInTheDocument();
    expect(field.getByText('Waiting to send')).toBeInTheDocument();
    fireEvent.click(field.getByRole('button', { name: 'Remove photo 2' }));
    expect(onRemove).toHaveBeenCalledWith('photo-2');
    expect(screen.getByRole('group', { name: 'Photos (3 of 6)' })).toBeInTheDocument();
  });

  it('offers no more photos once the record has as many as it keeps', () => {
    const { field } = renderPicker({ photos: [photo(1), photo(2)], max: 2 });
    expect(field.queryByLabelText('Take a photo')).not.toBeInTheDocument();
    expect(field.queryByLabelText('Choose from gallery')).not.toBeInTheDocument();
    expect(
      field.getByText('This record keeps at most 2 photos. Remove one to add another.'),
    ).toBeInTheDocument();
  });

  it('says why a photo was refused next to the field, instead of the hint', () => {
    renderPicker({
      hint: 'The bag’s label',
      error: 'This file is not a photo. Choose a JPEG, PNG or WebP photo.',
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This file is not a photo. Choose a JPEG, PNG or WebP photo.');
    expect(screen.getByRole('group')).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.queryByText('The bag’s label')).not.toBeInTheDocument();
  });
});
