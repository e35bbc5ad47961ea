import { useState } from 'react';

type LogoProps = { className?: string; alt?: string };

/** The Gona wordmark: SVG first, PNG if the SVG fails to load (spec: logo falls back to a PNG image). */
export function Logo({ className, alt = 'Gona' }: LogoProps) {
  return <ImageWithFallback src="/brand/logo.svg" fallback="/brand/logo.png" alt={alt} className={className} />;
}

/** The small square mark for the collapsed sidebar, with its PNG fallback. */
export function LogoIcon({ className, alt = 'Gona' }: LogoProps) {
  return <ImageWithFallback src="/brand/icon.svg" fallback="/brand/icon.png" alt={alt} className={className} />;
}

function ImageWithFallback({ src, fallback, alt, className }: { src: string; fallback: string; alt: string; className?: string | undefined }) {
  const [current, setCurrent] = useState(src);
  return (
    <img
      src={current}
      alt={alt}
      className={className}
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
    />
  );
}
