import { useTranslation } from 'react-i18next';
import type { Order } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { PhotoGallery } from '@/components/ui/PhotoGallery';
import { formatDateTime } from '@/lib/format';

/**
 * A reported problem on an order: while Gona looks at it, "Gona is looking at this order" with the
 * buyer's reason and words and the seller's answer (or by when it is due); once decided, the outcome
 * and its reason.
 */
export function DisputeNote({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const { t } = useTranslation('marketplace');
  const dispute = order.dispute;
  if (!dispute) return null;
  const decided = dispute.status === 'resolved' && dispute.outcome;
  return (
    <section className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-stone-900">
      <p className="font-semibold">{decided ? t('disputes.note.decided') : t('disputes.note.looking')}</p>
      {decided && (
        <p>
          {t(`disputes.outcomes.${dispute.outcome}`, { amount: formatNaira(dispute.refund_kobo ?? 0) })}{' '}
          {dispute.decision_reason}
        </p>
      )}
      <p className="break-words">
        {t(side === 'buyer' ? 'disputes.note.youSaid' : 'disputes.note.buyerSaid', {
          reason: t(`disputes.reasons.${dispute.reason}`),
        })}{' '}
        {dispute.message}
      </p>
      {dispute.photos.length > 0 && <PhotoGallery photos={dispute.photos} subject={t('disputes.photosOf')} />}
      {dispute.answer ? (
        <>
          <p className="break-words">
            {t('disputes.note.answer')} {dispute.answer}
          </p>
          {dispute.answer_photos.length > 0 && (
            <PhotoGallery photos={dispute.answer_photos} subject={t('disputes.answerPhotosOf')} />
          )}
        </>
      ) : (
        !decided && (
          <p className="text-sm text-stone-700">
            {t(side === 'buyer' ? 'disputes.note.sellerAnswersBy' : 'disputes.note.answerBy', {
              time: formatDateTime(dispute.answer_by_time),
            })}
          </p>
        )
      )}
    </section>
  );
}
