import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Images, X } from 'lucide-react';
import { Badge } from './Badge';
import { buttonClasses } from './Button';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type PickerPhoto = { id: string; src: string; state: 'preparing' | 'sent' | 'sending' | 'waiting' };

type Props = {
  label: string;
  photos: readonly PickerPhoto[];
  /** How many photos the record keeps; the add buttons go once it has them. */
  max: number;
  hint?: string | undefined;
  /** Why the last photo was refused (the server's words), shown under the field. */
  error?: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
};

/**
 * Photos for a form: take one with the camera (the phone's back camera opens straight away) or
 * choose from the gallery, see them as thumbnails, remove one. State (uploading, waiting for the
 * connection) comes from `usePhotoField`; this only shows it.
 */
export function PhotoPicker({ label, photos, max, hint, error, onAdd, onRemove }: Props) {
  const { t } = useTranslation('photos');
  const id = useId();
  const full = photos.length >= max;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same photo again still counts as a change.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-stone-800">
        {label}{' '}
        <span className="font-normal text-stone-700">{t('count', { count: photos.length, max })}</span>
      </legend>
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative aspect-square overflow-hidden rounded-lg bg-stone-100">
              <img
                src={photo.src}
                alt={t('chosen', { n: index + 1 })}
                className="size-full object-cover"
                decoding="async"
              />
              {photo.state !== 'sent' && (
                <Badge className="absolute bottom-1 left-1 max-w-[calc(100%-0.5rem)] gap-1">
                  {(photo.state === 'sending' || photo.state === 'preparing') && (
                    <Spinner className="size-3" />
                  )}
                  <span className="truncate">{t(photo.state)}</span>
                </Badge>
              )}
              <button
                type="button"
                onClick={() => onRemove(photo.id)}
                aria-label={t('remove', { n: index + 1 })}
                className="absolute top-0 right-0 inline-flex size-11 items-start justify-end p-1"
              >
                <span className="inline-flex size-7 items-center justify-center rounded-full bg-stone-900/70 text-white">
                  <X aria-hidden="true" className="size-4" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-stone-700">{t('full', { count: max })}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <label className={cx(buttonClasses('secondary'), 'cursor-pointer has-focus-visible:outline-2')}>
            <Camera aria-hidden="true" className="size-4" />
            {t('take')}
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={pick} />
          </label>
          <label className={cx(buttonClasses('secondary'), 'cursor-pointer has-focus-visible:outline-2')}>
            <Images aria-hidden="true" className="size-4" />
            {t('choose')}
            <input type="file" accept="image/*" multiple className="sr-only" onChange={pick} />
          </label>
        </div>
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
