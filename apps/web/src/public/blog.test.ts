import { describe, expect, it } from 'vitest';
import { parsePost, sortPosts } from './blog';

const source = `---
title: "Storing maize: keep it dry"
description: How to store maize
date: 2025-06-02
slug: storing-maize
---
## Dry it first

Dry to **13%** moisture.
`;

describe('parsePost', () => {
  it('reads the front matter and renders the Markdown', () => {
    const post = parsePost(source, 'maize.md');
    expect(post).toMatchObject({
      slug: 'storing-maize',
      title: 'Storing maize: keep it dry',
      description: 'How to store maize',
      date: '2025-06-02',
      displayDate: '02/06/2025',
    });
    expect(post.html).toContain('<h2>Dry it first</h2>');
    expect(post.html).toContain('<strong>13%</strong>');
  });

  it('refuses a post without the required fields', () => {
    expect(() => parsePost('---\ntitle: x\n---\nbody', 'x.md')).toThrow(
      'x.md: front matter lacks description, date, slug',
    );
    expect(() => parsePost('no front matter', 'y.md')).toThrow('y.md: missing front matter');
  });

  it('sorts newest first', () => {
    const a = parsePost(source, 'a.md');
    const b = { ...a, slug: 'later', date: '2025-07-01' };
    expect(sortPosts([a, b]).map((p) => p.slug)).toEqual(['later', 'storing-maize']);
  });
});
