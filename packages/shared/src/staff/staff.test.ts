import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../error-codes/index';
import { CreateStaffInputSchema, PayFormSchema, UpdateStaffInputSchema } from './index';

const MUSA = { first_name: 'Musa', last_name: 'Ibrahim', job: 'herdsman', employment_type: 'permanent' };

function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) {
  return result.error ? fieldErrors(result.error) : {};
}

describe('CreateStaffInputSchema', () => {
  it('takes a new worker as active, with the phone stored in the international form', () => {
    const parsed = CreateStaffInputSchema.parse({ ...MUSA, phone: '0803 123 4567', notes: '' });
    expect(parsed).toMatchObject({ status: 'active', phone: '+2348031234567', notes: null });
  });

  it('says what to fix for each field a person got wrong', () => {
    const result = CreateStaffInputSchema.safeParse({
      first_name: ' ',
      last_name: '',
      phone: '12345',
      job: 'pilot',
      employment_type: 'forever',
      next_of_kin_phone: '+44 20 7946 0958',
    });
    expect(errorsOf(result)).toEqual({
      first_name: 'Enter the first name',
      last_name: 'Enter the last name',
      phone: 'Enter a Nigerian mobile number, like 0803 123 4567 or +234 803 123 4567',
      job: 'Choose the job they do',
      employment_type: 'Choose permanent, seasonal or casual',
      next_of_kin_phone: 'Enter a Nigerian mobile number, like 0803 123 4567 or +234 803 123 4567',
    });
  });

  it('wants a pay rate with its period and a period with its rate, and no end before the start', () => {
    expect(errorsOf(CreateStaffInputSchema.safeParse({ ...MUSA, pay_rate_kobo: 500_000 }))).toEqual({
      pay_period: 'Choose per day, per week or per month',
    });
    expect(errorsOf(CreateStaffInputSchema.safeParse({ ...MUSA, pay_period: 'day' }))).toEqual({
      pay_rate_kobo: 'Enter the pay, or leave the period empty',
    });
    expect(
      errorsOf(
        CreateStaffInputSchema.safeParse({ ...MUSA, start_date: '2025-03-01', end_date: '2025-02-28' }),
      ),
    ).toEqual({ end_date: 'The end date cannot be before the start date' });
    expect(
      CreateStaffInputSchema.safeParse({
        ...MUSA,
        pay_rate_kobo: 500_000,
        pay_period: 'day',
        start_date: '2025-03-01',
        end_date: '2025-03-01',
      }).success,
    ).toBe(true);
  });
});

describe('UpdateStaffInputSchema', () => {
  it('takes only the fields sent, with the version the editor saw', () => {
    expect(UpdateStaffInputSchema.parse({ status: 'left', version: 3 })).toEqual({
      status: 'left',
      version: 3,
    });
    expect(errorsOf(UpdateStaffInputSchema.safeParse({ status: 'gone' }))).toEqual({
      status: 'Choose active or left',
      version: 'Reload and try again',
    });
  });
});

describe('PayFormSchema', () => {
  it('reads naira as a person types them into kobo, blank as none', () => {
    expect(PayFormSchema.parse({ pay_rate_kobo: '₦5,000' })).toEqual({ pay_rate_kobo: 500_000 });
    expect(PayFormSchema.parse({ pay_rate_kobo: '' })).toEqual({ pay_rate_kobo: null });
  });
});
