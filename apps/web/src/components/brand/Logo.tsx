import { useState } from 'react';
import { ICON_URL, LOGO_URL } from './marks';

type LogoProps = {
  className?: string;
  alt?: string;
  /** 'lazy' for a logo below the fold (e.g. in a footer). */
  loading?: 'lazy' | 'eager';
};

/** The Gona wordmark: SVG first (in the code, marks.ts), PNG if the SVG fails to load (spec: logo falls back to a PNG image). */
export function Logo({ className, alt = 'Gona', loading }: LogoProps) {
  return (
    <ImageWithFallback
      src={LOGO_URL}
      fallback="/brand/logo.png"
      width={108}
      height={32}
      alt={alt}
      className={className}
      loading={loading}
    />
  );
}

/** The small square mark for the collapsed sidebar, with its PNG fallback. */
export function LogoIcon({ className, alt = 'Gona', loading }: LogoProps) {
  return (
    <ImageWithFallback
      src={ICON_URL}
      fallback="/brand/icon.png"
      width={32}
      height={32}
      alt={alt}
      className={className}
      loading={loading}
    />
  );
}

type ImageProps = {
  src: string;
  fallback: string;
  width: number;
  height: number;
  alt: string;
  className?: string | undefined;
  loading?: 'lazy' | 'eager' | undefined;
};

/**
 * In the app React swaps the source on error; on the prerendered public pages the enhancement
 * script does the same from data-fallback, since no React runs there.
 */
function ImageWithFallback({ src, fallback, width, height, alt, className, loading }: ImageProps) {
  const [current, setCurrent] = useState(src);
  return (
    <img
      src={current}
      data-fallback={fallback}
      width={width}
      height={height}
      alt={alt}
      className={className}
      loading={loading}
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
    />
  );
}
