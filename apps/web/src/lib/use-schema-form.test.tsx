import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { z } from 'zod';
import '@/i18n';
import { ApiError } from './http';
import { useSchemaForm } from './use-schema-form';

const Schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  count: z.coerce.number().int('Whole numbers only'),
});

function submitEvent(preventDefault = vi.fn()) {
  return { preventDefault } as unknown as FormEvent<HTMLFormElement>;
}

describe('useSchemaForm', () => {
  it('updates one field at a time and hands out field props', () => {
    const { result } = renderHook(() => useSchemaForm({ name: '', count: '1' }));

    act(() => result.current.setField('name', 'Maize'));
    act(() => result.current.field('count').onChange({ target: { value: '3' } }));

    expect(result.current.values).toEqual({ name: 'Maize', count: '3' });
    expect(result.current.field('name')).toMatchObject({ name: 'name', value: 'Maize', error: undefined });
  });

  it('shows the schema messages on their fields and does not call the handler', async () => {
    const handler = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useSchemaForm({ name: ' ', count: '1.5' }));
    const preventDefault = vi.fn();

    await act(() => result.current.submit(Schema, handler)(submitEvent(preventDefault)));

    expect(preventDefault).toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: 'Name is required', count: 'Whole numbers only' });
    expect(result.current.pending).toBe(false);
  });

  it('runs the handler with the parsed data, clears old errors and is pending meanwhile', async () => {
    let finish = () => {};
    const handler = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useSchemaForm({ name: ' Maize ', count: '4' }));
    act(() => result.current.setErrors({ name: 'Taken' }));

    let submitted: Promise<void> = Promise.resolve();
    act(() => {
      submitted = result.current.submit(Schema, handler)(submitEvent());
    });

    expect(handler).toHaveBeenCalledWith({ name: 'Maize', count: 4 });
    expect(result.current.errors).toEqual({});
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish();
      await submitted;
    });
    expect(result.current.pending).toBe(false);
  });

  it('ends pending when the handler fails and says what failed at the top, without throwing', async () => {
    const { result } = renderHook(() =>
      useSchemaForm({ name: 'Maize', count: '4' }, { failed: (message) => `Not saved. ${message}` }),
    );

    await act(() =>
      result.current.submit(Schema, () => Promise.reject(new ApiError(0, 'NETWORK', 'x')))(submitEvent()),
    );

    expect(result.current.pending).toBe(false);
    expect(result.current.alert).toBe('Not saved. Cannot reach Gona. Check your connection and try again.');
  });

  it("puts the server's field messages beside their fields and says what failed", async () => {
    const { result } = renderHook(() =>
      useSchemaForm({ name: 'Maize', count: '4' }, { failed: (message) => `Not saved. ${message}` }),
    );
    const refusal = new ApiError(400, 'VALIDATION', 'Some fields need attention', { name: 'Taken' });

    await act(() => result.current.submit(Schema, () => Promise.reject(refusal))(submitEvent()));

    expect(result.current.errors).toEqual({ name: 'Taken' });
    expect(result.current.alert).toBe('Not saved. Some fields need attention');
  });

  it('shows the stale answer when someone else saved first, and a 409 as a failure when there is none', async () => {
    const stale = new ApiError(409, 'CONFLICT', 'Not enough stock');
    const failed = (message: string) => `Not saved. ${message}`;
    const withStale = renderHook(() =>
      useSchemaForm({ name: 'Maize', count: '4' }, { failed, stale: 'Reload' }),
    );
    const without = renderHook(() => useSchemaForm({ name: 'Maize', count: '4' }, { failed }));

    await act(() => withStale.result.current.submit(Schema, () => Promise.reject(stale))(submitEvent()));
    await act(() => without.result.current.submit(Schema, () => Promise.reject(stale))(submitEvent()));

    expect(withStale.result.current.alert).toBe('Reload');
    expect(without.result.current.alert).toBe('Not saved. Not enough stock');
  });

  it('clears the alert on the next submit', async () => {
    const { result } = renderHook(() => useSchemaForm({ name: 'Maize', count: '4' }));
    await act(() => result.current.submit(Schema, () => Promise.reject(new Error('x')))(submitEvent()));
    expect(result.current.alert).toBe('An unexpected error occurred');

    await act(() => result.current.submit(Schema, () => Promise.resolve())(submitEvent()));

    expect(result.current.alert).toBeNull();
  });

  it('handleSubmit saves what the form prepared, or nothing when it answers null', async () => {
    const run = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useSchemaForm({ name: 'Maize' }));

    await act(() => result.current.handleSubmit(() => null)(submitEvent()));
    expect(run).not.toHaveBeenCalled();
    await act(() => result.current.handleSubmit(() => run)(submitEvent()));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('parses what toInput makes of the values', async () => {
    const handler = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useSchemaForm({ title: 'Beans', amount: '2' }));

    await act(() =>
      result.current.submit(Schema, handler, (v) => ({ name: v.title, count: v.amount }))(submitEvent()),
    );

    expect(handler).toHaveBeenCalledWith({ name: 'Beans', count: 2 });
  });

  it('parse returns the data, or null with the errors shown', () => {
    const { result } = renderHook(() => useSchemaForm({ name: '' }));

    expect(result.current.parse(Schema, { name: 'Rice', count: '2' })).toEqual({ name: 'Rice', count: 2 });
    let parsed: unknown;
    act(() => {
      parsed = result.current.parse(Schema, { name: '', count: '2' });
    });
    expect(parsed).toBeNull();
    expect(result.current.errors).toEqual({ name: 'Name is required' });
  });
});
