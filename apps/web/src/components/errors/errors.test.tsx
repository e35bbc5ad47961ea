import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@/i18n';
import { lazyScreen } from '@/app/lazy-screen';
import { ErrorBoundary } from './ErrorBoundary';
import { CrashScreen } from './CrashScreen';
import { NotFound } from './NotFound';

let shouldThrow = true;
function Fragile({ message }: { message: string }) {
  if (shouldThrow) throw new Error(message);
  return <p>Recovered</p>;
}

describe('error screens', () => {
  it('the error boundary shows the message and recovers on Try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Fragile message="Farm list broke" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Farm list broke')).toBeInTheDocument();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('the error boundary falls back to the generic message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Fragile message="" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it("shows 'Failed to load module: {name}' with the refresh hint when a screen cannot be downloaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', ...lazyScreen('livestock', () => Promise.reject(new Error('chunk missing'))) },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Failed to load module: livestock')).toBeInTheDocument();
    expect(screen.getByText(/refresh the page/)).toBeInTheDocument();
    expect(screen.getByText(/contact support/)).toBeInTheDocument();
  });

  it("titles the crash screen 'Unexpected Application Error!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('Router exploded');
    };
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <CrashScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Router exploded')).toBeInTheDocument();
  });

  it('shows the 404 screen with the spec texts and a link home', () => {
    render(<NotFound />);
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('img', { name: 'Gona' })).toBeInTheDocument();
  });
});
