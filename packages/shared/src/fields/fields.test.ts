import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../errors/index';
import { CreateSupplyInputSchema } from '../inventory/index';
import {
  calendarDateSchema,
  clientIdSchema,
  CONTROL_CHARACTERS,
  isTimeZone,
  optionalTextSchema,
  textSchema,
  VersionSchema,
} from './index';

describe('plain messages', () => {
  it('says limits as they are, never in zod’s words', () => {
    const schema = z.object({
      size: z.number().max(1_000_000),
      name: z.string().min(1),
      code: z.string().max(5),
      kind: z.enum(['a', 'b']),
    });
    const result = schema.safeParse({ size: 5_000_000, code: 'toolong', kind: 'c' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      size: 'Enter at most 1,000,000',
      name: 'This is required',
      code: 'Use at most 5 characters',
      kind: 'Choose one of the options',
    });
  });

  it('gives every field its message in one round', () => {
    const result = CreateSupplyInputSchema.safeParse({
      name: '',
      unit_cost_kobo: 2 ** 31,
      expiry_date: '0000-01-01',
    });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!);
    expect(Object.keys(fields).sort()).toEqual(['category', 'expiry_date', 'name', 'unit', 'unit_cost_kobo']);
    expect(fields.unit_cost_kobo).toBe('Enter at most ₦21,474,836.47');
    expect(Object.values(fields).join(' ')).not.toMatch(/expected|Invalid input|Too big|Too small/);
  });
});

describe('field rules', () => {
  it('knows real time zones only', () => {
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('keeps dates and versions inside what the columns store', () => {
    expect(calendarDateSchema('bad').safeParse('2025-05-26').success).toBe(true);
    expect(calendarDateSchema('bad').safeParse('0000-01-01').success).toBe(false);
    expect(VersionSchema.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(VersionSchema.safeParse(2 ** 31).success).toBe(false);
  });

  it('finds control characters but leaves tabs and line breaks alone', () => {
    expect(CONTROL_CHARACTERS.test('a\u0000b')).toBe(true);
    expect(CONTROL_CHARACTERS.test('a\u001bb')).toBe(true);
    expect(CONTROL_CHARACTERS.test('line one\nline two\tand\r\n')).toBe(false);
  });

  it('takes text trimmed, within its length and without control characters', () => {
    const message = (schema: z.ZodType, value: unknown) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : fieldErrors(parsed.error)[''];
    };
    expect(message(textSchema(5), '  Urea  ')).toBe('Urea');
    expect(message(textSchema(5), 'Urea 46%')).toBe('Use at most 5 characters');
    expect(message(textSchema(20), 'Urea\u0000')).toBe(
      'Remove the invisible control characters from this text',
    );
    expect(message(optionalTextSchema(20), '   ')).toBeNull();
    expect(message(optionalTextSchema(20), 'line one\nline two')).toBe('line one\nline two');
  });

  it('takes a client id only as a UUID v7, the kind the app makes', () => {
    expect(clientIdSchema().safeParse('01936f3e-8f5a-7cc1-9d7e-0c6d8f0a1b2c').success).toBe(true);
    expect(fieldErrors(clientIdSchema().safeParse('3b241101-e2bb-4255-8caf-4136c566a962').error!)).toEqual({
      '': 'A new record needs an id made by the app',
    });
  });
});
