import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo, LogoIcon } from './Logo';
import { ICON_URL, LOGO_URL } from './marks';

describe('Logo', () => {
  it('shows the SVG and falls back to the PNG when it fails to load', () => {
    render(<Logo alt="Gona" />);
    const img = screen.getByRole('img', { name: 'Gona' });
    expect(img).toHaveAttribute('src', LOGO_URL);
    expect(img).toHaveAttribute('width', '108');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/brand/logo.png');
  });

  it('does the same for the small icon', () => {
    render(<LogoIcon alt="Gona icon" />);
    const img = screen.getByRole('img', { name: 'Gona icon' });
    expect(img).toHaveAttribute('src', ICON_URL);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/brand/icon.png');
  });
});
