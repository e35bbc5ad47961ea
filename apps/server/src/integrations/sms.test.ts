import { afterAll, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking } from './fake-africas-talking';
import { createAfricasTalking, internationalPhone } from './sms';

const fake = await startFakeAfricasTalking({ apiKey: 'right-key' });
afterAll(() => fake.close());

const provider = (apiKey = 'right-key') =>
  createAfricasTalking({
    provider: 'africastalking',
    apiKey,
    username: 'gona',
    senderId: undefined,
    baseUrl: fake.url,
  });

describe('internationalPhone', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['0903-123-4567', '+2349031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['(0701) 234 5678', '+2347012345678'],
    ['+44 7700 900123', '+447700900123'],
  ])('%s → %s', (typed, expected) => {
    expect(internationalPhone(typed)).toBe(expected);
  });

  it.each(['12345', '0803 123 456', 'not a number', '0603 123 4567'])('refuses %s', (typed) => {
    expect(internationalPhone(typed)).toBeNull();
  });
});

describe("Africa's Talking", () => {
  it('answers sent with the message id for an accepted number, and leaves out `from` when there is no sender ID', async () => {
    expect(await provider().send({ to: '+2348031234567', message: 'Hello' })).toEqual({
      status: 'sent',
      messageId: expect.stringMatching(/^ATXid_/) as unknown,
    });
    expect(fake.received.at(-1)).toMatchObject({ username: 'gona', to: '+2348031234567', from: null });
  });

  it('answers rejected for a number it will never reach, so nobody tries again', async () => {
    expect(await provider().send({ to: '08031234567', message: 'Hello' })).toEqual({
      status: 'rejected',
      reason: 'InvalidPhoneNumber: the phone number is not valid',
    });
  });

  it('throws when it cannot answer now or refuses the key, so the job tries again', async () => {
    await expect(provider('wrong-key').send({ to: '+2348031234567', message: 'Hello' })).rejects.toThrow(
      "Africa's Talking answered 401",
    );
    fake.failNext(502);
    await expect(provider().send({ to: '+2348031234567', message: 'Hello' })).rejects.toThrow('502');
  });
});
