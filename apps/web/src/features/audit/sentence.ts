import type { TFunction } from 'i18next';
import type { AuditLog } from '@gona/shared/audit';
import { MOVEMENT_KINDS, SUPPLY_UNITS, type MovementKind, type SupplyUnit } from '@gona/shared/inventory';
import { HEALTH_RECORD_KINDS, LIVESTOCK_STATUSES, RECORDED_EVENT_KINDS } from '@gona/shared/livestock';
import { UNIT_WORDS } from '@gona/shared/units';
import { formatNaira } from '@gona/shared/money';
import { FARM_ROLES, type FarmRole } from '@gona/shared/permissions';

export type SentenceTools = {
  t: TFunction<'activity'>;
  language: string;
  /** "4 bags (50 kg)": quantities read as on the inventory screens. */
  quantityText: (quantity: string, unit: SupplyUnit) => string;
  /** False for roles that may not see money (workers): costs are left out of the sentence. */
  showMoney: boolean;
};

/**
 * One plain sentence for an audit row, written only from what the row carries (see lib/audit.ts
 * on the server). A row this screen does not know, or an older row missing a name, gets a generic
 * sentence that still never shows a table name or an id.
 */
export function activitySentence(log: AuditLog, tools: SentenceTools): string {
  const changes = isRecord(log.changes) ? log.changes : {};
  const write = WRITERS[`${log.table_name}.${log.action}`];
  return write?.(changes, tools, log) ?? fallback(log, changes, tools.t);
}

type Fields = Record<string, unknown>;
type Writer = (changes: Fields, tools: SentenceTools, log: AuditLog) => string | null;

const WRITERS: Record<string, Writer> = {
  'farms.insert': (c, { t }) => withName(c, (name) => t('activity.farmCreated', { name })),
  'farms.update': (c, { t }) => {
    if (change(c, 'owner_id'))
      return withName(c, (name) => t('activity.farmHandedOver', { name, person: personOf(c, t) }));
    const renamed = textChange(c, 'name');
    if (renamed) return t('activity.farmRenamed', renamed);
    return withName(c, (name) => t('activity.farmChanged', { name }));
  },
  'farms.delete': (c, { t }) => withName(c, (name) => t('activity.farmDeleted', { name })),
  'supplies.insert': supplyAdded,
  'supplies.update': supplyChanged,
  'supplies.delete': (c, { t }) => withName(c, (name) => t('activity.supplyDeleted', { name })),
  'supply_movements.insert': movementRecorded,
  'suppliers.insert': (c, { t }) => withName(c, (name) => t('activity.supplierAdded', { name })),
  'suppliers.update': supplierChanged,
  'staff.insert': (c, { t }) => withName(c, (name) => t('activity.staffAdded', { name })),
  'staff.update': (c, { t }) =>
    withName(c, (name) => {
      const status = change(c, 'status')?.to;
      if (status === 'left') return t('activity.staffLeft', { name });
      if (status === 'active') return t('activity.staffBack', { name });
      if (status === 'inactive') return t('activity.staffInactive', { name });
      return t('activity.staffChanged', { name });
    }),
  'staff.delete': (c, { t }) => withName(c, (name) => t('activity.staffDeleted', { name })),
  'farm_subscriptions.update': (c, { t }) => {
    if (c.by === 'gona') return t('activity.proGranted', { reason: text(c.reason) ?? '' });
    if (change(c, 'state')?.to === 'non_renewing') return t('activity.proCancelled');
    return t('activity.proChanged');
  },
  'farm_memberships.insert': (c, { t }) => {
    const role = roleOf(c.role);
    const farm = text(c.farm_name);
    return role && farm
      ? t('activity.memberJoined', { farm, role: t(`activity.roleWithArticle.${role}`) })
      : null;
  },
  'farm_memberships.update': (c, { t }, log) => {
    const role = change(c, 'role');
    const [from, to] = [roleOf(role?.from), roleOf(role?.to)];
    if (!from || !to) return null;
    const roles = { from: t(`activity.roleNames.${from}`), to: t(`activity.roleNames.${to}`) };
    return c.user_id === log.user_id
      ? t('activity.ownRoleChanged', roles)
      : t('activity.memberRoleChanged', { ...roles, person: personOf(c, t) });
  },
  'farm_memberships.delete': (c, { t }, log) => {
    const farm = text(c.farm_name);
    if (!farm) return null;
    return c.user_id === log.user_id
      ? t('activity.memberLeft', { farm })
      : t('activity.memberRemoved', { farm, person: personOf(c, t) });
  },
  'invitations.insert': (c, { t }) => invitationSentence(c, t, 'invitationSent'),
  'invitations.update': (c, { t }) => {
    if (change(c, 'accepted')) return invitationSentence(c, t, 'invitationAccepted');
    if (change(c, 'revoked')) return invitationSentence(c, t, 'invitationRevoked');
    if (change(c, 'resent')) return invitationSentence(c, t, 'invitationResent');
    return null;
  },
  'users.update': (c, { t, language }) => {
    const fields = ['first_name', 'last_name', 'phone', 'language'].filter((key) => change(c, key));
    if (fields.length === 0) return null;
    const words = fields.map((key) => t(`activity.profileFields.${key}`));
    return t('activity.profileChanged', { fields: new Intl.ListFormat(language).format(words) });
  },
  'livestock.insert': (c, { t }) => withName(c, (name) => t('activity.livestock.added', { name })),
  'livestock.update': livestockChanged,
  'livestock.delete': (c, { t }) => withName(c, (name) => t('activity.livestock.deleted', { name })),
  'livestock_health_records.insert': (c, { t }) => {
    const name = text(c.animal_name);
    const kind = HEALTH_RECORD_KINDS.find((k) => k === c.kind);
    return name && kind ? t(`activity.livestock.health.${kind}`, { name }) : null;
  },
  'livestock_growth_logs.insert': (c, { t }) => {
    const name = text(c.animal_name);
    const weight = quantityOf(c.weight_kg);
    return name && weight ? t('activity.livestock.weighed', { name, weight }) : null;
  },
  'livestock_events.insert': (c, { t }) => {
    const name = text(c.animal_name);
    const kind = RECORDED_EVENT_KINDS.find((k) => k === c.kind);
    const count = typeof c.count === 'number' ? c.count : null;
    if (!name || !kind || count === null) return null;
    const other = text(c.other_animal_name) ?? t('activity.someoneElse');
    return t(`activity.livestock.events.${kind}`, { name, count, other });
  },
  'livestock_production.insert': (c, { t }) => {
    const name = text(c.animal_name);
    if (!name) return null;
    const eggs = typeof c.eggs_collected === 'number' ? c.eggs_collected : null;
    return eggs === null
      ? t('activity.livestock.production', { name })
      : t('activity.livestock.eggs', { name, count: eggs });
  },
  'inventory_alerts.insert': (c, { t, quantityText }) => {
    const name = text(c.supply_name);
    const unit = unitOf(c.unit);
    const quantity = quantityOf(c.quantity);
    if (!name || !unit || !quantity) return null;
    return t('activity.alertOpened', { name, quantity: quantityText(quantity, unit) });
  },
  'inventory_alerts.update': (c, { t, quantityText }) => {
    const name = text(c.supply_name);
    if (!name) return null;
    const unit = unitOf(c.unit);
    const quantity = quantityOf(c.quantity);
    if (unit && quantity) return t('activity.alertCleared', { name, quantity: quantityText(quantity, unit) });
    return t('activity.alertDismissed', { name });
  },
  'orders.update': orderStep,
};

const ORDER_STEPS = ['accepted', 'declined', 'dispatched', 'delivered', 'completed', 'cancelled'] as const;

/**
 * A marketplace order's step (server: auditOrderStepIn in features/marketplace/orders.rows.ts):
 * what was ordered, and the status it moved to, as the seller, the buyer or Gona moved it.
 */
function orderStep(c: Fields, { t }: SentenceTools): string | null {
  const title = text(c.title);
  const quantity = quantityOf(c.quantity);
  const unit = text(c.unit);
  const step = ORDER_STEPS.find((s) => s === change(c, 'status')?.to);
  if (!title || !quantity || !unit || !step) return null;
  const count = Number(quantity);
  const what = {
    title,
    quantity: count,
    unit: t(`activity.orders.units.${unit}`, { count, defaultValue: unit }),
  };
  const by = c.by === 'buyer' || c.by === 'gona' ? c.by : 'seller';
  const delivered = quantityOf(c.delivered_quantity);
  if (step === 'delivered' && by === 'seller' && delivered && Number(delivered) < count)
    return t('activity.orders.deliveredShort', { ...what, delivered: Number(delivered) });
  return t(`activity.orders.${step}_${by}`, { ...what, defaultValue: '' }) || null;
}

function supplyAdded(c: Fields, { t, quantityText, showMoney }: SentenceTools): string | null {
  const name = text(c.name);
  if (!name) return null;
  const unit = unitOf(c.unit);
  const quantity = quantityOf(c.quantity);
  if (!unit || !quantity || Number(quantity) === 0) return t('activity.supplyAddedEmpty', { name });
  const values = { name, quantity: quantityText(quantity, unit) };
  const cost = showMoney ? kobo(c.unit_cost_kobo) : null;
  return cost === null
    ? t('activity.supplyAdded', values)
    : t('activity.supplyAddedAtCost', { ...values, cost: formatNaira(cost) });
}

function supplyChanged(c: Fields, { t, language, quantityText, showMoney }: SentenceTools): string | null {
  const name = nameOf(c);
  if (!name) return null;
  const converted = isRecord(c.unit_converted) ? c.unit_converted : null;
  const [oldUnit, newUnit] = [unitOf(converted?.from), unitOf(converted?.to)];
  if (oldUnit && newUnit) {
    return t('activity.supplyConverted', { name, from: UNIT_WORDS[oldUnit], to: UNIT_WORDS[newUnit] });
  }
  const changed = Object.keys(c).filter((key) => change(c, key) && (showMoney || key !== 'unit_cost_kobo'));
  const [only] = changed;
  if (changed.length !== 1 || !only) {
    if (changed.length === 0) return t('activity.supplyChanged', { name });
    const words = [...new Set(changed.map((key) => t(`activity.fields.${key}`, t('activity.fields.other'))))];
    return t('activity.supplyFields', { name, fields: new Intl.ListFormat(language).format(words) });
  }
  const renamed = textChange(c, 'name');
  if (only === 'name' && renamed) return t('activity.supplyRenamed', renamed);
  const unit = unitOf(c.unit);
  const level = change(c, 'low_threshold');
  const from = quantityOf(level?.from);
  const to = quantityOf(level?.to);
  if (only === 'low_threshold' && unit && from && to) {
    return t('activity.supplyLowLevel', { name, from: quantityText(from, unit), to: quantityText(to, unit) });
  }
  const cost = change(c, 'unit_cost_kobo');
  if (only === 'unit_cost_kobo' && cost) {
    return t('activity.supplyCost', { name, from: naira(cost.from, t), to: naira(cost.to, t) });
  }
  return t('activity.supplyFields', {
    name,
    fields: t(`activity.fields.${only}`, t('activity.fields.other')),
  });
}

function movementRecorded(c: Fields, { t, quantityText, showMoney }: SentenceTools): string | null {
  const name = text(c.supply_name);
  const unit = unitOf(c.unit);
  const kind = MOVEMENT_KINDS.find((k: MovementKind) => k === c.kind);
  const quantity = quantityOf(kind === 'adjusted' ? c.quantity_after : c.quantity);
  if (!name || !unit || !kind || !quantity) return null;
  const values = { name, quantity: quantityText(quantity, unit) };
  const cost = kind === 'received' && showMoney ? kobo(c.unit_cost_kobo) : null;
  return cost === null
    ? t(`activity.movements.${kind}`, values)
    : t('activity.movements.receivedAtCost', { ...values, cost: formatNaira(cost) });
}

function livestockChanged(c: Fields, { t }: SentenceTools): string | null {
  const renamed = textChange(c, 'name');
  if (renamed) return t('activity.livestock.renamed', renamed);
  const name = nameOf(c);
  if (!name) return null;
  const status = LIVESTOCK_STATUSES.find((s) => s === change(c, 'status')?.to);
  if (status)
    return t('activity.livestock.status', { name, status: t(`activity.livestock.statuses.${status}`) });
  return t('activity.livestock.changed', { name });
}

function supplierChanged(c: Fields, { t }: SentenceTools): string | null {
  const name = nameOf(c);
  if (!name) return null;
  const active = change(c, 'is_active');
  if (active?.to === false) return t('activity.supplierRemoved', { name });
  if (active?.to === true) return t('activity.supplierRestored', { name });
  const renamed = textChange(c, 'name');
  if (renamed) return t('activity.supplierRenamed', renamed);
  return t('activity.supplierChanged', { name });
}

function fallback(log: AuditLog, c: Fields, t: TFunction<'activity'>): string {
  const thing = t(`activity.things.${log.table_name}`, t('activity.things.other'));
  const name = nameOf(c);
  const what = name ? t('activity.namedThing', { thing, name }) : thing;
  const action = ['insert', 'update', 'delete'].includes(log.action) ? log.action : 'other';
  return t(`activity.fallback.${action}`, { what });
}

/** "Ada Okafor", or words for someone whose account is gone (their name went with it). */
function personOf(c: Fields, t: TFunction<'activity'>): string {
  const name = [text(c.first_name), text(c.last_name)].filter(Boolean).join(' ');
  return name || t('activity.formerMember');
}

function roleOf(value: unknown): FarmRole | null {
  return FARM_ROLES.find((role) => role === value) ?? null;
}

function invitationSentence(
  c: Fields,
  t: TFunction<'activity'>,
  key: 'invitationSent' | 'invitationResent' | 'invitationRevoked' | 'invitationAccepted',
): string | null {
  const role = roleOf(c.role);
  if (!role) return null;
  return t(`activity.${key}`, {
    email: text(c.email) ?? t('activity.someoneElse'),
    role: t(`activity.roleWithArticle.${role}`),
  });
}

function withName(c: Fields, sentence: (name: string) => string): string | null {
  const name = nameOf(c);
  return name ? sentence(name) : null;
}

/** The record's name: plain on inserts, deletes and updates that kept it; the new one after a rename. */
function nameOf(c: Fields): string | null {
  return text(c.name) ?? text(change(c, 'name')?.to);
}

function textChange(c: Fields, key: string): { from: string; to: string } | null {
  const found = change(c, key);
  const from = text(found?.from);
  const to = text(found?.to);
  return from && to ? { from, to } : null;
}

function change(c: Fields, key: string): { from: unknown; to: unknown } | null {
  const value = c[key];
  return isRecord(value) && 'from' in value && 'to' in value ? { from: value.from, to: value.to } : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function unitOf(value: unknown): SupplyUnit | null {
  return SUPPLY_UNITS.find((unit) => unit === value) ?? null;
}

/** A stored decimal string, without its sign: "-4" taken out reads as "Used 4 …". */
function quantityOf(value: unknown): string | null {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? value.replace(/^-/, '') : null;
}

function kobo(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function naira(value: unknown, t: TFunction<'activity'>): string {
  const amount = kobo(value);
  return amount === null ? t('activity.noCost') : formatNaira(amount);
}

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
