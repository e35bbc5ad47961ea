import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors/index';
import { ContactInputSchema } from './index';

const valid = {
  name: 'Ada Okafor',
  email: 'Ada@Example.com ',
  phone: '',
  subject: 'Question about Pro',
  message: 'How do I add my second farm?',
};

describe('ContactInputSchema', () => {
  it('accepts a complete message and treats an empty phone as none', () => {
    const parsed = ContactInputSchema.parse(valid);
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.phone).toBeUndefined();
  });

  it('normalises a Nigerian phone number', () => {
    expect(ContactInputSchema.parse({ ...valid, phone: '0803 123 4567' }).phone).toBe('+2348031234567');
  });

  it('says what to fix for each field', () => {
    const result = ContactInputSchema.safeParse({
      name: ' ',
      email: 'ada',
      phone: '12',
      subject: '',
      message: 'hi',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address, like ada@example.com',
      phone: 'Enter a Nigerian phone number, like 0803 123 4567',
      subject: 'Enter a subject, e.g. "Question about Pro"',
      message: 'Tell us a little more (at least 10 characters)',
    });
  });

  it('asks for missing fields in plain words', () => {
    const result = ContactInputSchema.safeParse({});
    expect(fieldErrors(result.error!)).toMatchObject({
      name: 'Enter your name',
      email: 'Enter your email address',
    });
  });
});
