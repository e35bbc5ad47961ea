import { FarmSchema, FarmSummarySchema, MeSchema, type Farm, type FarmSummary, type Me } from '@gona/shared';
import {
  InventoryAlertSchema,
  MovementSchema,
  SupplierSchema,
  SupplySchema,
  SupplyWithPhotosSchema,
  type InventoryAlert,
  type Movement,
  type Supplier,
  type Supply,
  type SupplyWithPhotos,
} from '@gona/shared/inventory';
import { StaffMemberSchema, WorkerCountSchema, type StaffMember, type WorkerCount } from '@gona/shared/staff';
import {
  InvitationPreviewSchema,
  InvitationSchema,
  MemberSchema,
  type Invitation,
  type InvitationPreview,
  type Member,
} from '@gona/shared/members';
import { AccountSessionSchema, type AccountSession } from '@gona/shared/account';
import {
  NotificationSchema,
  NotificationSettingsSchema,
  channelChoices,
  type Notification,
  type NotificationSettings,
} from '@gona/shared/notifications';
import { TaskSchema, type Task } from '@gona/shared/tasks';
import { FileSchema, type StoredFile } from '@gona/shared/files';
import {
  LivestockSchema,
  LivestockWithPhotosSchema,
  ProductionSchema,
  type Livestock,
  type LivestockWithPhotos,
  type Production,
} from '@gona/shared/livestock';

/**
 * What the API answers, one builder per record, each parsed with its shared schema: when a schema
 * changes, the fixture breaks here instead of in every test that copied the shape.
 */

const CREATED_AT = '2025-05-26T08:00:00.000Z';

/** A UUID v7 that reads as its number, so fixtures made in a row get distinct ids. */
export function anId(n: number): string {
  return `01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const FARM_ID = anId(0xf1);

export function aMe(overrides: Partial<Me> = {}): Me {
  return MeSchema.parse({
    id: anId(1),
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Okafor',
    phone: '+2348031234567',
    role: 'user',
    email_verified: true,
    language: 'en',
    ...overrides,
  });
}

export function aFarm(overrides: Partial<Farm> = {}): Farm {
  return FarmSchema.parse({
    id: FARM_ID,
    name: 'Green Acres',
    location: 'Umuahia',
    farm_type: 'poultry',
    owner_id: anId(1),
    state: 'Abia',
    lga: null,
    latitude: null,
    longitude: null,
    size: null,
    size_unit: null,
    timezone: 'Africa/Lagos',
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    role: 'owner',
    ...overrides,
  });
}

/** The farm as the list's fallback (?fields=basic) answers it. */
export function aFarmSummary(overrides: Partial<Farm> = {}): FarmSummary {
  return FarmSummarySchema.parse(aFarm(overrides));
}

/** Low stock follows the quantity and threshold unless given. */
export function aSupply(overrides: Partial<Supply> = {}): Supply {
  const quantity = overrides.quantity ?? '10';
  const low_threshold = overrides.low_threshold ?? '3';
  return SupplySchema.parse({
    id: anId(0xa1),
    farm_id: FARM_ID,
    category: 'animal_feed',
    name: 'Layers mash',
    unit: 'bag_25kg',
    is_low_stock: Number(quantity) <= Number(low_threshold),
    unit_cost_kobo: null,
    supplier_id: null,
    supplier_name: null,
    storage_location: null,
    expiry_date: null,
    notes: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
    quantity,
    low_threshold,
  });
}

/** A supply as its own screen gets it: with its photos (none unless given). */
export function aSupplyWithPhotos(
  overrides: Partial<Supply> = {},
  photos: readonly StoredFile[] = [],
): SupplyWithPhotos {
  return SupplyWithPhotosSchema.parse({ ...aSupply(overrides), photos });
}

/** A photo the farm keeps, as the server answers an upload; its addresses follow its id. */
export function aPhoto(overrides: Partial<StoredFile> = {}): StoredFile {
  const id = overrides.id ?? anId(0xc1);
  const url = `/api/farms/${FARM_ID}/files/${id}`;
  return FileSchema.parse({
    id,
    farm_id: FARM_ID,
    kind: 'supply',
    content_type: 'image/webp',
    bytes: 48_213,
    width: 1280,
    height: 960,
    original_name: 'IMG_20250526_081500.jpg',
    url,
    thumb_url: `${url}?size=thumb`,
    created_at: CREATED_AT,
    ...overrides,
  });
}

export function aMovement(overrides: Partial<Movement> = {}): Movement {
  return MovementSchema.parse({
    id: anId(0xb1),
    farm_id: FARM_ID,
    supply_id: anId(0xa1),
    kind: 'used',
    quantity: '-1',
    quantity_after: '9',
    reason: null,
    note: null,
    user_id: anId(1),
    created_at: CREATED_AT,
    ...overrides,
  });
}

export function aSupplier(overrides: Partial<Supplier> = {}): Supplier {
  return SupplierSchema.parse({
    id: anId(0xc1),
    farm_id: FARM_ID,
    name: 'Zeb Agro',
    phone: null,
    email: null,
    address: null,
    is_active: true,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
  });
}

/** An open alert on `supply` (by default a supply at its threshold). */
export function anAlert(
  overrides: Partial<InventoryAlert> = {},
  supply = aSupply({ quantity: '3' }),
): InventoryAlert {
  const { id, name, category, quantity, unit, low_threshold } = supply;
  return InventoryAlertSchema.parse({
    id: anId(0xd1),
    farm_id: supply.farm_id,
    supply_id: supply.id,
    is_resolved: false,
    resolved_at: null,
    created_at: CREATED_AT,
    supply: { id, name, category, quantity, unit, low_threshold },
    ...overrides,
  });
}

/** The name follows the first and last names unless given. */
export function aStaffMember(overrides: Partial<StaffMember> = {}): StaffMember {
  const first_name = overrides.first_name ?? 'Musa';
  const last_name = overrides.last_name ?? 'Ibrahim';
  return StaffMemberSchema.parse({
    id: anId(0xc1),
    farm_id: FARM_ID,
    name: `${first_name} ${last_name}`,
    phone: '+2348031234567',
    job: 'herdsman',
    employment_type: 'permanent',
    start_date: '2025-01-06',
    end_date: null,
    status: 'active',
    pay_rate_kobo: 350_000,
    pay_period: 'week',
    next_of_kin_name: null,
    next_of_kin_phone: null,
    notes: null,
    member_user_id: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
    first_name,
    last_name,
  });
}

/** A layer flock of 500 on the default farm. */
export function anAnimal(overrides: Partial<Livestock> = {}): Livestock {
  return LivestockSchema.parse({
    id: anId(0xd1),
    farm_id: FARM_ID,
    kind: 'group',
    species: 'chicken_layer',
    breed: 'Isa Brown',
    name: 'Layers House A',
    tag: null,
    sex: null,
    date_of_birth: null,
    age_at_acquisition: null,
    age_unit: null,
    dam: null,
    sire: null,
    purpose: 'eggs',
    housing: 'house',
    location: null,
    acquisition: 'bought',
    acquired_on: '2025-05-01',
    price_kobo: null,
    seller: null,
    status: 'active',
    head_count: 500,
    withdrawal_until: null,
    notes: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
  });
}

/** An animal or group as its own screen gets it: with its photos (none unless given). */
export function anAnimalWithPhotos(overrides: Partial<LivestockWithPhotos> = {}): LivestockWithPhotos {
  return LivestockWithPhotosSchema.parse({ ...anAnimal(overrides), photos: overrides.photos ?? [] });
}

/** A day's eggs from the default flock. */
export function aProductionDay(overrides: Partial<Production> = {}): Production {
  return ProductionSchema.parse({
    id: anId(0xd2),
    farm_id: FARM_ID,
    animal_id: anId(0xd1),
    date: '2025-06-01',
    eggs_collected: 412,
    eggs_cracked: null,
    milk_litres: null,
    fish_count: null,
    fish_kg: null,
    feed_supply_id: null,
    feed_name: null,
    feed_quantity: null,
    feed_unit: null,
    head_count_on_date: 497,
    hen_day_percent: 82.9,
    notes: null,
    user_id: null,
    created_at: CREATED_AT,
    ...overrides,
  });
}

export function aWorkerCount(overrides: Partial<WorkerCount> = {}): WorkerCount {
  return WorkerCountSchema.parse({ plan: 'free', active: 3, limit: 10, ...overrides });
}

/** An unread low-stock notification about `supply` (by default one at its threshold) on the default farm. */
export function aNotification(
  overrides: Partial<Notification> = {},
  supply = aSupply({ quantity: '3' }),
): Notification {
  return NotificationSchema.parse({
    id: anId(0xa1),
    kind: 'low_stock',
    params: {
      supply_id: supply.id,
      supply_name: supply.name,
      quantity: supply.quantity,
      low_threshold: supply.low_threshold,
      unit: supply.unit,
    },
    title: `Low stock: ${supply.name}`,
    body: `${supply.name} is low`,
    link: `/dashboard/inventory/${supply.id}`,
    urgency: 'normal',
    farm_id: supply.farm_id,
    farm_timezone: 'Africa/Lagos',
    read_at: null,
    created_at: CREATED_AT,
    ...overrides,
  });
}

/** Settings › Notifications as a person who never changed anything sees it. */
export function notificationSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return NotificationSettingsSchema.parse({
    channels: channelChoices(),
    quiet_hours: { start: '21:00', end: '06:00' },
    digest: { enabled: false, hour: 7 },
    timezone: 'Africa/Lagos',
    version: 0,
    sms_available: false,
    phone: '08031234567',
    push_public_key: 'B'.repeat(87),
    ...overrides,
  });
}

/** One page of a list, the last one unless a cursor is given. */
export function aPage<T>(items: T[], next_cursor: string | null = null) {
  return { items, next_cursor };
}

export function aMember(overrides: Partial<Member> = {}): Member {
  return MemberSchema.parse({
    user_id: anId(0x101),
    first_name: 'Emeka',
    last_name: 'Obi',
    email: 'emeka@example.com',
    role: 'worker',
    joined_at: CREATED_AT,
    is_you: false,
    is_farm_owner: false,
    ...overrides,
  });
}

export function anInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return InvitationSchema.parse({
    id: anId(0x201),
    email: 'bola@example.com',
    role: 'worker',
    status: 'pending',
    invited_by_name: 'Ada Okafor',
    expires_at: '2025-06-02T08:00:00.000Z',
    created_at: CREATED_AT,
    ...overrides,
  });
}

/** An invitation as its link shows it (GET /api/invitations/{token}). */
export function anInvitationPreview(overrides: Partial<InvitationPreview> = {}): InvitationPreview {
  return InvitationPreviewSchema.parse({
    id: anId(0x201),
    farm_id: FARM_ID,
    farm_name: 'Green Acres',
    role: 'worker',
    email: 'ada@example.com',
    invited_by_name: 'Chidi Eze',
    status: 'pending',
    expires_at: '2025-06-02T08:00:00.000Z',
    ...overrides,
  });
}

export function aSession(overrides: Partial<AccountSession> = {}): AccountSession {
  return AccountSessionSchema.parse({
    id: anId(0x301),
    browser: 'Chrome',
    os: 'Android',
    device: 'phone',
    ip_address: null,
    signed_in_at: CREATED_AT,
    last_active_at: CREATED_AT,
    current: true,
    ...overrides,
  });
}

/** A task due today (24/11/2026), open, given to nobody. */
export function aTask(overrides: Partial<Task> = {}): Task {
  return TaskSchema.parse({
    id: anId(0x7a),
    farm_id: FARM_ID,
    title: 'Feed the layers',
    type: 'feeding',
    notes: null,
    due_date: '2026-11-24',
    due_time: null,
    priority: 'normal',
    status: 'open',
    assignees: [],
    supply: null,
    livestock: null,
    crop: null,
    series_id: null,
    rrule: null,
    completed_at: null,
    completed_by_name: null,
    completion_note: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    version: 1,
    ...overrides,
  });
}
