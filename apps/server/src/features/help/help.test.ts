import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminHelpFeedback, HelpArticleList, HelpSearchAnswer } from '@gona/shared/help';
import { setPlatformAdmin } from '../../scripts/admin';
import { createTestContext, type TestContext } from '../../test/context';
import { seedUser } from '../../test/farm-team';
import { loadHelp } from './help.service';

/** The help centre's search, its "Did this answer your question?" counts and the back office's read. */

const t: TestContext = await createTestContext();

type Refusal = { error: { message: string; fields?: Record<string, string> } };

const search = (q: string) =>
  t.request<HelpSearchAnswer & Refusal>('GET', `/api/help/search?q=${encodeURIComponent(q)}`);
const slugs = (body: { items: { slug: string }[] }) => body.items.map((item) => item.slug);

describe('search', () => {
  it('finds an article by a word that is only in its body', async () => {
    // "Balance due by" is written in the sale-on-credit article's steps, not its title or description.
    const found = await search('balance');
    expect(found.status).toBe(200);
    expect(slugs(found.body)[0]).toBe('sale-on-credit');
    // "USSD" is in the Pro article's body; "refunded" in the escrow one's.
    expect(slugs((await search('ussd')).body)).toContain('pay-for-gona-pro');
    expect(slugs((await search('refunded')).body)).toContain('escrow-for-buyers');
  });

  it('reads a loose question by any of its words and puts the best match first', async () => {
    const found = await search('my buyer never pay me, how I go record credit sale');
    expect(slugs(found.body)[0]).toBe('sale-on-credit');
    expect((await search('payout failed')).body.items[0]?.slug).toBe('payout-failed');
    expect((await search('zzzqqq')).body.items).toEqual([]);
  });

  it('refuses a question too short or too long with a plain message', async () => {
    const short = await search('a');
    expect(short.status).toBe(400);
    expect(short.body.error.fields?.q).toBe('Write at least 2 letters to search the help');
    expect((await search('x'.repeat(201))).status).toBe(400);
  });

  it('lists every article in the help centre’s order', async () => {
    const list = await t.request<HelpArticleList>('GET', '/api/help/articles');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      slug: 'sale-on-credit',
      title: 'How do sales on credit work?',
    });
    expect(list.body.items.length).toBeGreaterThanOrEqual(9);
  });

  it('loads the files again only when their text changed, and a broken file is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gona-help-'));
    const article = (word: string) =>
      `---\ntitle: Ponds\ndescription: Catfish ponds\nslug: ponds\norder: 1\n---\n\nDrain the pond and add ${word}.\n`;
    writeFileSync(join(dir, 'ponds.md'), article('lime'));
    const own = await createTestContext({}, { ownDatabase: true });
    {
      expect(await loadHelp(own.db, undefined, dir)).toBe(true);
      expect(await loadHelp(own.db, undefined, dir)).toBe(false);
      const lime = await own.request<HelpSearchAnswer>('GET', '/api/help/search?q=lime');
      expect(lime.body.items.map((item) => item.slug)).toEqual(['ponds']);
      writeFileSync(join(dir, 'ponds.md'), article('salt'));
      expect(await loadHelp(own.db, undefined, dir)).toBe(true);
      expect((await own.request<HelpSearchAnswer>('GET', '/api/help/search?q=lime')).body.items).toEqual([]);
      writeFileSync(join(dir, 'broken.md'), 'no front matter');
      await expect(loadHelp(own.db, undefined, dir)).rejects.toThrow(/broken.md: missing front matter/);
    }
  });
});

describe('did this answer your question?', () => {
  const feedback = (slug: string, body: unknown, ip = '10.9.0.1') =>
    t.request<Refusal>('POST', `/api/help/articles/${slug}/feedback`, { body, ip });

  it('counts yes and no per article, from JSON or a plain form, and admins read the counts', async () => {
    expect((await feedback('offline', { helpful: true })).status).toBe(204);
    expect((await feedback('offline', { helpful: false }, '10.9.0.2')).status).toBe(204);
    expect((await feedback('offline', { helpful: false }, '10.9.0.3')).status).toBe(204);
    const form = await t.request('POST', '/api/help/articles/ask-gona/feedback', {
      raw: 'helpful=yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: '10.9.0.4',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/help/ask-gona#help-thanks');

    const admin = await seedUser(t, { first_name: 'Ada' });
    expect(await setPlatformAdmin(t.db, 'grant', admin.email)).toBe(true);
    const counts = await t.request<AdminHelpFeedback>('GET', '/api/admin/help/feedback', {
      cookie: admin.cookie,
    });
    expect(counts.status).toBe(200);
    const bySlug = new Map(counts.body.items.map((row) => [row.slug, row]));
    expect(bySlug.get('offline')).toMatchObject({ helpful: 1, not_helpful: 2 });
    expect(bySlug.get('ask-gona')).toMatchObject({ helpful: 1, not_helpful: 0 });
    expect(bySlug.get('add-a-worker')).toMatchObject({ helpful: 0, not_helpful: 0 });
    // The most "no" first: what to rewrite.
    expect(counts.body.items[0]?.slug).toBe('offline');
  });

  it('refuses an unknown article, a malformed answer, and the same address answering again and again', async () => {
    expect((await feedback('no-such-article', { helpful: true })).status).toBe(404);
    const bad = await feedback('offline', { helpful: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.helpful).toBe('Say yes or no');
    expect((await feedback('Not A Slug', { helpful: true })).status).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await feedback('add-a-worker', { helpful: true }, '10.9.9.9')).status).toBe(204);
    const limited = await feedback('add-a-worker', { helpful: true }, '10.9.9.9');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Thank you, your answer is already counted.');
  });

  it('keeps the counts from everyone but Gona’s admins', async () => {
    expect((await t.request('GET', '/api/admin/help/feedback')).status).toBe(401);
    const person = await seedUser(t);
    expect((await t.request('GET', '/api/admin/help/feedback', { cookie: person.cookie })).status).toBe(403);
  });
});
