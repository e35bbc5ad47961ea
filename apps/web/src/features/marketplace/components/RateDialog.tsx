import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@gona/shared/error-codes';
import {
  RATING_COMMENT_MAX,
  RATING_STARS_MAX,
  RateBuyerInputSchema,
  RateSellerInputSchema,
  ratingTagsFor,
  type Order,
  type RatingTag,
} from '@gona/shared/marketplace';
import { Button, cx, Dialog, FormAlert, TextareaField } from '@/components/ui';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useRateOrder } from '../ratings-api';
import { StarsText } from './RatingStars';

type Props = {
  order: Order;
  /** Who rates: the buyer (the seller), or the selling farm (the buyer). */
  side: 'buyer' | 'seller';
  onClose: () => void;
};

const STARS = Array.from({ length: RATING_STARS_MAX }, (_, i) => i + 1);

/**
 * Rating the other side of a completed order: 1 to 5 stars (a radio group of big buttons), tags
 * that fit (toggle buttons) and an optional comment. Sent once however often it is tapped; what is
 * wrong shows beside its field.
 */
export function RateDialog({ order, side, onClose }: Props) {
  const { t } = useTranslation('marketplace');
  const formId = useId();
  const starsLabel = useId();
  const tagsLabel = useId();
  const rate = useRateOrder(side, order.farm_id);
  const sending = useRef(false);
  const [stars, setStars] = useState<number | null>(null);
  const [tags, setTags] = useState<RatingTag[]>([]);
  const form = useSchemaForm({ comment: '' });
  const choices = ratingTagsFor(side);
  const dirty = form.dirty || stars !== null || tags.length > 0;

  function toggle(tag: RatingTag) {
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));
  }

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const schema = side === 'buyer' ? RateSellerInputSchema : RateBuyerInputSchema;
    const parsed = schema.safeParse({ stars: stars ?? undefined, tags, comment: form.values.comment });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (found.stars) found.stars = t('ratings.starsRequired');
      form.setErrors(found);
      return null;
    }
    const input = parsed.data;
    return async () => {
      sending.current = true;
      try {
        await rate.mutateAsync({ orderId: order.id, input });
        toast.success(t('ratings.saved'));
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  const tagsError = Object.entries(form.errors).find(([key]) => key.startsWith('tags'))?.[1];
  return (
    <Dialog
      open
      dirty={dirty}
      onClose={onClose}
      title={side === 'buyer' ? t('ratings.rateSeller') : t('ratings.rateBuyer')}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t('ratings.submit')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="break-words text-stone-800">
          {side === 'buyer'
            ? t('ratings.introSeller', { name: order.farm_name, title: order.listing_title })
            : t('ratings.introBuyer', { name: order.buyer_name, title: order.listing_title })}
        </p>
        <div className="flex flex-col gap-1">
          <p id={starsLabel} className="text-sm font-medium text-stone-800">
            {t('ratings.stars')}
          </p>
          <div
            role="radiogroup"
            aria-labelledby={starsLabel}
            aria-describedby={form.errors.stars ? `${starsLabel}-error` : undefined}
            className="flex flex-wrap gap-1"
          >
            {STARS.map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={stars === n}
                aria-label={t('ratings.starCount', { count: n })}
                onClick={() => setStars(n)}
                className={cx(
                  'flex size-11 items-center justify-center rounded-lg text-3xl leading-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700',
                  stars !== null && n <= stars ? 'text-amber-600' : 'text-stone-400',
                )}
              >
                <span aria-hidden>{stars !== null && n <= stars ? '★' : '☆'}</span>
              </button>
            ))}
          </div>
          {form.errors.stars && (
            <p id={`${starsLabel}-error`} className="text-sm font-medium text-red-700">
              {form.errors.stars}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <p id={tagsLabel} className="text-sm font-medium text-stone-800">
            {t('ratings.tags')}
          </p>
          <div role="group" aria-labelledby={tagsLabel} className="flex flex-wrap gap-2">
            {choices.map((tag) => {
              const on = tags.includes(tag);
              return (
                <button
                  key={tag}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(tag)}
                  className={cx(
                    'min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700',
                    on
                      ? 'border-green-800 bg-green-50 text-green-900'
                      : 'border-stone-400 bg-white text-stone-800',
                  )}
                >
                  {t(`ratings.tagNames.${tag}`)}
                </button>
              );
            })}
          </div>
          {tagsError && <p className="text-sm font-medium text-red-700">{tagsError}</p>}
        </div>
        <TextareaField
          label={t('ratings.comment')}
          hint={t('ratings.commentHint', { max: RATING_COMMENT_MAX })}
          maxLength={RATING_COMMENT_MAX + 50}
          {...form.field('comment')}
        />
      </form>
    </Dialog>
  );
}

/**
 * Under a completed order: "Rate the seller" / "Rate the buyer", or, once rated, "You rated ★★★★☆".
 */
export function RateOrder({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  if (!rateable(order)) return null;
  if (order.my_rating)
    return (
      <p className="text-sm text-stone-800">
        {t('ratings.youRated')} <StarsText stars={order.my_rating.stars} />
      </p>
    );
  return (
    <>
      <Button variant="secondary" fullWidth className="sm:w-auto sm:self-start" onClick={() => setOpen(true)}>
        {side === 'buyer' ? t('ratings.rateSeller') : t('ratings.rateBuyer')}
      </Button>
      {open && <RateDialog order={order} side={side} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Settled: completed, or cancelled by a dispute Gona resolved with a full refund. */
function rateable(order: Order): boolean {
  return (
    order.status === 'completed' || (order.status === 'cancelled' && order.dispute?.status === 'resolved')
  );
}
