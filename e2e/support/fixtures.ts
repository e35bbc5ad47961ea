import { expect, test as base, type Page } from '@playwright/test';
import { newUser, signUp, type TestUser } from './accounts';

type Farmer = { page: Page; user: TestUser; farm: { id: string; name: string } };

/**
 * `farmer`: a fresh person, confirmed and signed in, owning one farm, set up over the API in the
 * test's browser context (its requests share the page's cookies), and the test's page, which opens
 * signed in with that farm selected, as the create-farm screen leaves it. The sign-up, confirmation
 * and create-farm screens are walked through in foundation.spec.ts.
 */
export const test = base.extend<{ farmer: Farmer }>({
  farmer: async ({ page, context, baseURL }, use) => {
    const user = newUser();
    const confirm = await page.request.get(await signUp(page.request, baseURL!, user), { maxRedirects: 0 });
    expect(confirm.status(), await confirm.text()).toBe(302);
    const res = await page.request.post('/api/farms', {
      headers: { origin: baseURL! },
      data: { name: 'Okafor Poultry', location: 'Omagwa, Ikwerre', farm_type: 'poultry' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const farm = (await res.json()) as Farmer['farm'];
    const { cookies } = await context.storageState();
    await context.setStorageState({
      cookies,
      origins: [{ origin: baseURL!, localStorage: [{ name: 'selected_farm_id', value: farm.id }] }],
    });
    await use({ page, user, farm: { id: farm.id, name: farm.name } });
  },
});

export { expect };
