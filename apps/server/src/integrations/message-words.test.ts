import { describe, expect, it } from 'vitest';
import { mails } from './email';
import { messageWords } from './message-words';

describe('the words around a message', () => {
  it('are the recipient’s language, English for a line not translated yet or a language unknown', () => {
    expect(messageWords('fr').hello('Aïcha')).toBe('Bonjour Aïcha,');
    expect(messageWords('pcm').team).toBe('Gona team');
    expect(messageWords('yo').hello(undefined)).toBe('Ẹ n lẹ,');
    expect(messageWords('ig').openInGona('https://gona.ng/x')).toBe('Open it in Gona: https://gona.ng/x');
    expect(messageWords('de').hello('Ada')).toBe('Hello Ada,');
    expect(messageWords(null).team).toBe('The Gona team');
  });

  it('make the daily digest in French, counted in French', () => {
    const items = [{ title: 'Stock bas', body: 'Maïs', url: 'https://gona.ng/a' }];
    const one = mails.digest('a@b.ng', 'Aïcha', items, 'https://gona.ng/n', 'https://gona.ng/s', 'fr');
    expect(one.subject).toBe('Gona : 1 nouvelle notification');
    expect(one.text.split('\n')[0]).toBe('Bonjour Aïcha,');
    const three = mails.digest('a@b.ng', undefined, [...items, ...items, ...items], '', '', 'fr');
    expect(three.subject).toBe('Gona : 3 nouvelles notifications');
    expect(mails.digest('a@b.ng', undefined, items, '', '').subject).toBe('Gona: 1 new notification');
  });

  it('make the account mails in the recipient’s language; Hausa greets in Hausa, the rest English until translated', () => {
    const pidgin = mails.resetPassword('a@b.ng', 'Musa', 'https://gona.ng/update-password?token=x', 'pcm');
    expect(pidgin.subject).toBe('Change your Gona password');
    expect(pidgin.text).toContain('Di link go work for one hour.');
    const hausa = mails.verifyEmail('a@b.ng', 'Musa', 'https://gona.ng/v', 'ha');
    expect(hausa.text.split('\n')[0]).toBe('Sannu Musa,');
    expect(hausa.subject).toBe('Confirm your email for Gona');
    expect(mails.verifyEmail('a@b.ng', undefined, 'https://gona.ng/v').text.split('\n')[0]).toBe('Hello,');
  });
});
