import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type TestUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
};

let counter = 0;

/** A fresh, unique person for one test. */
export function newUser(prefix = 'farmer'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    email: `${prefix}-${id}@example.com`,
    password: 'correct horse battery',
    firstName: 'Amaka',
    lastName: 'Okafor',
    phone: '08031234567',
  };
}

type OutboxMessage = { to: string; subject: string; text: string; html?: string; created_at?: string };

/**
 * The mail worker picks up queued mail every couple of seconds: look often, so a test waits little.
 * The 30 s is a ceiling, not a speed check: with two apps (the back-office journey's beside the
 * main one), two browsers and the workers sharing CI's two cores, a queued mail once took over 10 s.
 */
const MAIL_POLL = { intervals: [100, 250], timeout: 30_000 };

/** The newest mail sent to `email` whose subject matches, read from the development outbox. */
export async function latestMail(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox');
      const body = (await res.json()) as { items?: OutboxMessage[] } | OutboxMessage[];
      const items = Array.isArray(body) ? body : (body.items ?? []);
      found = items.filter((m) => m.to.includes(email) && subject.test(m.subject)).at(-1);
      return Boolean(found);
    }, MAIL_POLL)
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that points at our own server. */
export function linkIn(mail: OutboxMessage, baseURL: string): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => l.startsWith(baseURL));
  if (!link) throw new Error(`No link to ${baseURL} in mail "${mail.subject}": ${mail.text}`);
  return link.replace(/[).,]+$/, '');
}

/**
 * Signs up through the API and returns the link of the confirmation mail: as a farmer bound for
 * create-farm unless `as` says otherwise (a buyer: intent 'buy', bound for the marketplace).
 */
export async function signUp(
  request: APIRequestContext,
  baseURL: string,
  user: TestUser,
  as: { intent: 'farm' | 'buy'; callbackURL: string } = { intent: 'farm', callbackURL: '/create-farm' },
): Promise<string> {
  const res = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: user.email,
      password: user.password,
      name: `${user.firstName} ${user.lastName}`,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      intent: as.intent,
      callbackURL: as.callbackURL,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return linkIn(await latestMail(request, user.email, /confirm|verify/i), baseURL);
}

/**
 * Signs the browser out the way a person's session would end: leave the app first, because an app
 * signed out under it sends itself to /login, racing the test's own next navigation.
 */
export async function leaveSignedOut(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Signs up through the API and confirms the email through the mailed link, as a person would. */
export async function createConfirmedUser(page: Page, baseURL: string, user = newUser()): Promise<TestUser> {
  await page.goto(await signUp(page.request, baseURL, user));
  return user;
}

/** Signs in through the login screen. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}
