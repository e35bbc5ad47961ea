import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { StoredFile } from '@gona/shared/files';
import { Button } from './Button';
import { Dialog } from './Dialog';

type GalleryPhoto = Pick<StoredFile, 'id' | 'url' | 'thumb_url'> &
  Partial<Pick<StoredFile, 'width' | 'height'>>;

type Props = {
  photos: readonly GalleryPhoto[];
  /** What the photos are of ("Layers mash"), for their descriptions. */
  subject: string;
};

/**
 * A record's photos as square thumbnails that load only when scrolled near (the boxes keep their
 * size meanwhile, so nothing jumps); a tap opens the full photo, which Back, Escape or × closes.
 */
export function PhotoGallery({ photos, subject }: Props) {
  const { t } = useTranslation('photos');
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const alt = (index: number) => t('alt', { n: index + 1, count, subject });
  const shown = open === null ? undefined : photos[open];

  return (
    <>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block aspect-square w-full overflow-hidden rounded-lg bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              <img
                src={photo.thumb_url ?? photo.url}
                alt={alt(index)}
                loading="lazy"
                decoding="async"
                width={320}
                height={320}
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {shown && open !== null && (
        <Dialog
          open
          onClose={() => setOpen(null)}
          title={alt(open)}
          footer={
            count > 1 && (
              <div className="flex w-full items-center justify-between gap-2">
                <Button variant="secondary" onClick={() => setOpen((open + count - 1) % count)}>
                  <ChevronLeft aria-hidden="true" className="size-4" />
                  {t('previous')}
                </Button>
                <Button variant="secondary" onClick={() => setOpen((open + 1) % count)}>
                  {t('next')}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
            )
          }
        >
          <img
            key={shown.id}
            src={shown.url}
            alt={alt(open)}
            width={shown.width ?? undefined}
            height={shown.height ?? undefined}
            className="mx-auto h-auto max-h-[75vh] w-auto max-w-full object-contain"
          />
        </Dialog>
      )}
    </>
  );
}
