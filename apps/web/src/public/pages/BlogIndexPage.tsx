import { PageIntro } from '../components/Section';
import type { BlogPost } from '../blog';
import { t } from '../t';

export function BlogIndexPage({ posts }: { posts: readonly BlogPost[] }) {
  return (
    <>
      <PageIntro title={t('blog.title')} lead={t('blog.lead')} />
      <div className="px-4 py-10">
        <ul aria-label={t('blog.postsLabel')} className="mx-auto grid max-w-4xl gap-6">
          {posts.map((post) => (
            <li key={post.slug} className="rounded-xl border border-stone-200 bg-white p-6">
              <article aria-labelledby={`post-${post.slug}`}>
                <h2 id={`post-${post.slug}`} className="text-xl font-bold text-stone-900">
                  <a href={`/blog/${post.slug}`} className="hover:text-green-800 hover:underline">
                    {post.title}
                  </a>
                </h2>
                <p className="mt-1 text-sm text-stone-700">
                  {t('blog.published', { date: post.displayDate })}
                </p>
                <p className="mt-2 text-stone-800">{post.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
