import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { can, type FarmRole } from '@gona/shared/permissions';
import { formatNaira } from '@gona/shared/money';
import { Badge, Button, ConfirmDialog, PageHeader } from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { AskAboutLink } from '@/components/ui/AskAboutLink';
import { PhotoGallery } from '@/components/ui/PhotoGallery';
import { useDeleteSupply, useSupply } from '../api';
import { useShownSupply } from '../mutations';
import { useErrorText } from '@/lib/error-text';
import { useQuantityText } from '@/lib/quantity-text';
import { formatDate } from '../format';
import { MovementDialog } from './MovementDialog';
import { receiptOffer, type ReceiptOffer } from '../receipt-expense';
import { MovementHistory } from './MovementHistory';
import { ReceiptExpenseOffer } from './ReceiptExpenseOffer';
import { SupplyFormDialog } from './SupplyFormDialog';

type Props = {
  farmId: string;
  role: FarmRole;
  supplyId: string;
  listPath: string;
  /** The assistant, asked about this supply. */
  askPath?: string;
};

/** One supply: what there is, its details, the record / edit / delete actions and its stock history. */
export function SupplyDetail({ farmId, role, supplyId, listPath, askPath }: Props) {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const quantityText = useQuantityText();
  const errorText = useErrorText();
  const supply = useSupply(farmId, supplyId);
  const shown = useShownSupply(farmId);
  const remove = useDeleteSupply(farmId);
  const [dialog, setDialog] = useState<'record' | 'edit' | 'delete' | null>(null);
  const [offer, setOffer] = useState<ReceiptOffer | null>(null);
  const canWrite = can(role, 'records.write');

  const back = <BackLink to={listPath}>{t('detail.back')}</BackLink>;

  if (!supply.data) {
    return (
      <DetailState
        query={supply}
        back={{ to: listPath, label: t('detail.back') }}
        notFoundTitle={t('detail.notFoundTitle')}
        notFoundText={t('detail.notFoundText')}
        errorTitle={t('detail.errorTitle')}
        errorText={(message) => t('detail.errorText', { message })}
      />
    );
  }

  const item = shown(supply.data);
  // A supply saved on the phone by a version of Gona from before photos has none.
  const photos = (supply.data as Partial<typeof supply.data>).photos ?? [];
  async function onDelete() {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('delete.done', { name: item.name }));
      await navigate(listPath);
    } catch (error) {
      setDialog(null);
      toast.error(t('delete.failed', { name: item.name, message: errorText(error) }));
    }
  }

  const none = t('detail.none');
  const facts: [string, string][] = [
    [t('detail.lowThreshold'), quantityText(item.low_threshold, item.unit)],
    [t('detail.category'), t(`categories.${item.category}`)],
    // Workers do not see money: the row is left out rather than shown empty.
    ...(can(role, 'money.read')
      ? [
          [t('detail.unitCost'), item.unit_cost_kobo != null ? formatNaira(item.unit_cost_kobo) : none] as [
            string,
            string,
          ],
        ]
      : []),
    [t('detail.supplier'), item.supplier_name ?? none],
    [t('detail.storageLocation'), item.storage_location ?? none],
    [t('detail.expiryDate'), item.expiry_date ? formatDate(`${item.expiry_date}T12:00:00Z`) : none],
    [t('detail.notes'), item.notes ?? none],
  ];

  return (
    <div className="flex flex-col gap-6">
      <div>
        {back}
        <PageHeader
          title={item.name}
          action={
            can(role, 'records.recordEvent') && (
              <Button onClick={() => setDialog('record')}>{t('movement.button')}</Button>
            )
          }
        />
        {askPath && (
          <div className="-mt-4 mb-2">
            <AskAboutLink to={askPath}>{t('detail.ask')}</AskAboutLink>
          </div>
        )}
        <div className="rounded-xl border border-stone-200 bg-white p-4">
          <p className="text-sm text-stone-700">{t('detail.inStock')}</p>
          <p className="flex flex-wrap items-center gap-2 text-3xl font-bold tabular-nums text-stone-900">
            {quantityText(item.quantity, item.unit)}
            {item.is_low_stock && <Badge tone="amber">{t('list.lowStock')}</Badge>}
            {item.waiting && <Badge>{t('list.waiting')}</Badge>}
          </p>
          <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-stone-700">{label}</dt>
                <dd className="text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          {photos.length > 0 && (
            <section className="mt-4" aria-labelledby="supply-photos">
              <h2 id="supply-photos" className="mb-2 text-sm text-stone-700">
                {t('detail.photos')}
              </h2>
              <PhotoGallery photos={photos} subject={item.name} />
            </section>
          )}
          {canWrite && (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('detail.edit')}
              </Button>
              <Button variant="danger" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('delete.button')}
              </Button>
            </div>
          )}
        </div>
      </div>

      <MovementHistory farmId={farmId} role={role} supply={item} onOffer={setOffer} />

      {dialog === 'record' && (
        <MovementDialog
          farmId={farmId}
          supply={item}
          initialKind="used"
          showCost={can(role, 'money.read')}
          onRecorded={
            can(role, 'money.write') ? (recorded) => setOffer(receiptOffer(item, recorded)) : undefined
          }
          onClose={() => setDialog(null)}
        />
      )}
      {offer && (
        <ReceiptExpenseOffer
          key={offer.movementId}
          farmId={farmId}
          offer={offer}
          onClose={() => setOffer(null)}
        />
      )}
      {dialog === 'edit' && (
        <SupplyFormDialog farmId={farmId} supply={item} photos={photos} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('delete.title', { name: item.name })}
        message={t('delete.message')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('cancel', { ns: 'common' })}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
