import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@/i18n';
import { Dialog } from './Dialog';

/** A page with a sheet holding one field; the sheet counts as changed once the field differs. */
function Page({ onClosed = () => undefined }: { onClosed?: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Add a supply"
        dirty={name !== ''}
        onClose={() => {
          setOpen(false);
          setName('');
          onClosed();
        }}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      </Dialog>
    </>
  );
}

const sheetEntry = () => (window.history.state as { gonaSheet?: string } | null)?.gonaSheet;

describe('dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('closes an unchanged sheet with Escape, × or a tap outside at once', () => {
    render(<Page />);
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before closing a changed form; Keep editing keeps what was typed, Discard closes', () => {
    const onClosed = vi.fn();
    render(<Page onClosed={onClosed} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'NPK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard your changes?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('NPK');
    expect(onClosed).not.toHaveBeenCalled();

    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it("closes a sheet with the phone's Back button instead of leaving the page", async () => {
    render(<Page />);
    expect(sheetEntry()).toBeDefined();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sheetEntry()).toBeUndefined();
  });

  it('asks on Back when the form was changed, and keeps the sheet and its entry', async () => {
    render(<Page />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'NPK' } });
    const entry = sheetEntry();
    window.history.back();
    expect(await screen.findByRole('alertdialog', { name: 'Discard your changes?' })).toBeInTheDocument();
    expect(sheetEntry()).toBe(entry);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Name')).toHaveValue('NPK');
  });

  it('takes its history entry away when it closes another way, so Back then leaves the page', async () => {
    render(<Page />);
    const opened = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(sheetEntry()).toBeUndefined());
    // Opening it again reuses that place in the history rather than stacking entries.
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(window.history.length).toBe(opened);
  });
});
