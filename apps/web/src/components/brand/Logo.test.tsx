import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo, LogoIcon } from './Logo';

describe('Logo', () => {
  it('shows the SVG and falls back to the PNG when it fails to load', () => {
    render(<Logo alt="Gona" />);
    const img = screen.getByRole('img', { name: 'Gona' });
    expect(img).toHaveAttribute('src', '/brand/logo.svg');
    expect(img).toHaveAttribute('width', '108');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/brand/logo.png');
  });

  it('does the same for the small icon', () => {
    render(<LogoIcon alt="Gona icon" />);
    const img = screen.getByRole('img', { name: 'Gona icon' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/brand/icon.png');
  });
});
