import { marked } from 'marked';

export type BlogPost = {
  slug: string;
  title: string;
  description: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  /** dd/mm/yyyy, the way dates are shown in Gona. */
  displayDate: string;
  html: string;
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;
const REQUIRED = ['title', 'description', 'date', 'slug'] as const;

/**
 * Reads one Markdown post (front matter: title, description, date, slug) and renders its body.
 * Runs at build time only; the Markdown is our own, so its HTML is trusted.
 */
export function parsePost(source: string, fileName: string): BlogPost {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${fileName}: missing front matter (--- title/description/date/slug ---)`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), unquote(line.slice(colon + 1).trim()));
  }
  const missing = REQUIRED.filter((key) => !fields.get(key));
  if (missing.length > 0) throw new Error(`${fileName}: front matter lacks ${missing.join(', ')}`);
  const date = fields.get('date') ?? '';
  const dateParts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!dateParts) throw new Error(`${fileName}: date must be yyyy-mm-dd, got "${date}"`);
  const slug = fields.get('slug') ?? '';
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
    throw new Error(`${fileName}: slug must be lowercase words joined by dashes`);
  return {
    slug,
    title: fields.get('title') ?? '',
    description: fields.get('description') ?? '',
    date,
    displayDate: `${dateParts[3]}/${dateParts[2]}/${dateParts[1]}`,
    html: marked.parse(match[2] ?? '', { async: false, gfm: true }),
  };
}

/** Newest first. */
export function sortPosts(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
}
