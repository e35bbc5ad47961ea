import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicConfig } from '@/lib/public-config';
import { PublicHeader } from './PublicHeader';

function current(path: string) {
  const { unmount } = render(<PublicHeader currentPath={path} />);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const highlighted = within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
  unmount();
  return highlighted;
}

describe('PublicHeader', () => {
  it('highlights Home only on exactly /', () => {
    expect(current('/')).toEqual(['Home']);
    expect(current('/about')).toEqual(['About Us']);
  });

  it('highlights a link for every path under it', () => {
    expect(current('/pricing')).toEqual(['Pricing']);
    expect(current('/contact/anything')).toEqual(['Contact Us']);
    expect(current('/login')).toEqual([]);
  });

  it('opens the blog on the configured host in a new tab', () => {
    render(<PublicHeader currentPath="/" />);
    const blog = screen.getByRole('link', { name: /^Blog/ });
    expect(blog).toHaveAttribute('href', publicConfig.blog_url);
    expect(blog).toHaveAttribute('target', '_blank');
    expect(blog).toHaveAttribute('rel', 'noopener');
    expect(screen.getByRole('link', { name: 'Gona home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });
});
