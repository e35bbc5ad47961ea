import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Truck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { can, type FarmRole } from '@gona/shared/permissions';
import { CreateSupplierInputSchema, UpdateSupplierInputSchema, type Supplier } from '@gona/shared/inventory';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  EmptyState,
  FormAlert,
  ResponsiveList,
  PagedList,
  TextareaField,
  TextField,
  type ListColumn,
} from '@/components/ui';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { useSchemaForm } from '@/lib/use-schema-form';
import type { Shown } from '@/lib/offline';
import { useSuppliers } from '../api';
import { useCreateSupplier, useDeactivateSupplier, useShownSuppliers, useUpdateSupplier } from '../mutations';
import { useErrorText } from '@/lib/error-text';

type Props = { farmId: string; role: FarmRole };
type ShownSupplier = Shown<Supplier & { deactivating: boolean }>;

/** Active suppliers by name, with add, edit and deactivate for owners and managers. */
export function SuppliersManager({ farmId, role }: Props) {
  const { t } = useTranslation('inventory');
  const errorText = useErrorText();
  const suppliers = useSuppliers(farmId);
  const items = useShownSuppliers(farmId);
  const deactivate = useDeactivateSupplier();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<Supplier | null>(null);
  const canWrite = can(role, 'records.write');

  async function onDeactivate(supplier: Supplier) {
    try {
      const done = await submitOrQueue(deactivate, { id: supplier.id, farmId, name: supplier.name });
      if (done === QUEUED) toast(t('movement.queued'));
      else toast.success(t('suppliers.deactivated', { name: supplier.name }));
    } catch (error) {
      toast.error(t('suppliers.failed', { message: errorText(error) }));
    } finally {
      setDeactivating(null);
    }
  }

  const actions = (supplier: ShownSupplier) =>
    canWrite &&
    !supplier.deactivating && (
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => setEditing(supplier)}>
          {t('suppliers.edit')}
        </Button>
        <Button
          variant="ghost"
          aria-label={t('suppliers.deactivateName', { name: supplier.name })}
          onClick={() => setDeactivating(supplier)}
        >
          {t('suppliers.deactivate')}
        </Button>
      </div>
    );
  const name = (supplier: ShownSupplier) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold text-stone-900">{supplier.name}</span>
      {supplier.waiting && (
        <Badge tone="amber">
          {t(supplier.deactivating ? 'suppliers.deactivateWaiting' : 'list.waiting')}
        </Badge>
      )}
    </span>
  );
  const columns: ListColumn<ShownSupplier>[] = [
    { key: 'name', header: t('suppliers.name'), render: name },
    { key: 'phone', header: t('suppliers.phone'), render: (s) => s.phone ?? '' },
    { key: 'email', header: t('suppliers.email'), render: (s) => s.email ?? '' },
    ...(canWrite ? [{ key: 'actions', header: '', render: actions }] : []),
  ];

  return (
    <section className="flex flex-col gap-4" aria-label={t('suppliers.label')}>
      {canWrite && items.length > 0 && (
        <div>
          <Button onClick={() => setEditing('new')}>{t('suppliers.add')}</Button>
        </div>
      )}
      <PagedList
        query={suppliers}
        items={items}
        errorTitle={t('suppliers.errorTitle')}
        errorText={(message) => t('suppliers.errorText', { message })}
        empty={
          <EmptyState
            icon={Truck}
            title={t('suppliers.emptyTitle')}
            description={t('suppliers.emptyText')}
            action={
              canWrite ? <Button onClick={() => setEditing('new')}>{t('suppliers.add')}</Button> : undefined
            }
          />
        }
      >
        {(rows) => (
          <ResponsiveList
            label={t('suppliers.label')}
            items={rows}
            columns={columns}
            getKey={(s) => s.id}
            renderCard={(supplier) => (
              <div className="flex flex-col gap-2">
                {name(supplier)}
                {supplier.phone && (
                  <a className="text-green-800" href={`tel:${supplier.phone}`}>
                    {supplier.phone}
                  </a>
                )}
                {supplier.email && <span className="text-stone-800">{supplier.email}</span>}
                {supplier.address && <span className="text-sm text-stone-700">{supplier.address}</span>}
                {actions(supplier)}
              </div>
            )}
          />
        )}
      </PagedList>
      {editing && (
        <SupplierFormDialog
          farmId={farmId}
          supplier={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('suppliers.deactivateTitle', { name: deactivating?.name ?? '' })}
        message={t('suppliers.deactivateMessage')}
        confirmLabel={t('suppliers.deactivate')}
        cancelLabel={t('cancel', { ns: 'common' })}
        confirmVariant="danger"
        pending={deactivate.isPending}
        onConfirm={() => deactivating && void onDeactivate(deactivating)}
        onCancel={() => setDeactivating(null)}
      />
    </section>
  );
}

type FormProps = { farmId: string; supplier: Supplier | undefined; onClose: () => void };

function SupplierFormDialog({ farmId, supplier, onClose }: FormProps) {
  const { t } = useTranslation('inventory');
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const createId = useRef<string | null>(null);
  const { values, field, parse, alert, handleSubmit, dirty } = useSchemaForm(
    {
      name: supplier?.name ?? '',
      phone: supplier?.phone ?? '',
      email: supplier?.email ?? '',
      address: supplier?.address ?? '',
    },
    { failed: (message) => t('suppliers.failed', { message }), stale: t('suppliers.stale') },
  );
  const formId = `supplier-form-${supplier?.id ?? 'new'}`;

  const onSubmit = handleSubmit(() => {
    if (supplier) {
      const input = parse(UpdateSupplierInputSchema, { ...values, version: supplier.version });
      return input && (() => finish(submitOrQueue(update, { ...input, id: supplier.id, farmId })));
    }
    const input = parse(CreateSupplierInputSchema, values);
    // One id per form, kept for every attempt, so a retry or a queued replay adds it once.
    return (
      input &&
      (() => finish(submitOrQueue(create, { ...input, id: (createId.current ??= newClientId()), farmId })))
    );
  });

  async function finish(sending: Promise<Supplier | typeof QUEUED>) {
    const saved = await sending;
    if (saved === QUEUED) toast(t('movement.queued'));
    else toast.success(t(supplier ? 'suppliers.saved' : 'suppliers.added', { name: saved.name }));
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty}
      title={supplier ? t('suppliers.editTitle', { name: supplier.name }) : t('suppliers.addTitle')}
      footer={
        <Button type="submit" form={formId} loading={create.isPending || update.isPending} fullWidth>
          {t('suppliers.save')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField label={t('suppliers.name')} autoComplete="organization" {...field('name')} />
        <TextField label={t('suppliers.phone')} type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label={t('suppliers.email')} type="email" autoComplete="email" {...field('email')} />
        <TextareaField label={t('suppliers.address')} rows={2} {...field('address')} />
        <FormAlert>{alert}</FormAlert>
      </form>
    </Dialog>
  );
}
