import { ArrowLeft } from 'lucide-react';
import type { BlogPost } from '../blog';
import { t } from '../t';

/** One post; its HTML was produced at build time by marked from our own Markdown files. */
export function BlogPostPage({ post }: { post: BlogPost }) {
  return (
    <article className="px-4 py-10" aria-labelledby="post-title">
      <div className="mx-auto max-w-3xl">
        <a
          href="/blog"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-green-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('blog.back')}
        </a>
        <h1 id="post-title" className="mt-2 text-3xl font-bold text-stone-900 sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-2 text-stone-700">
          <time dateTime={post.date}>{t('blog.published', { date: post.displayDate })}</time>
        </p>
        <div className="prose-gona mt-6" dangerouslySetInnerHTML={{ __html: post.html }} />
      </div>
    </article>
  );
}
