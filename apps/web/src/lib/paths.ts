/**
 * Every URL of the app, in one place: the router, the sidebar, links between screens and the
 * service worker's list of app paths all read it. Patterns with `:name` are filled by `pathTo`.
 */
export const paths = {
  home: '/',
  notFound: '/not-found',
  login: '/login',
  signup: '/signup',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  updatePassword: '/update-password',
  createFarm: '/create-farm',
  /** The link an invitation mail carries (its secret is the last part). */
  invite: '/invite/:token',
  dashboard: '/dashboard',
  selectFarm: '/dashboard/select-farm',
  dashboardCreateFarm: '/dashboard/create-farm',
  staff: '/dashboard/staff',
  addStaff: '/dashboard/add-staff',
  staffEdit: '/dashboard/staff/edit/:id',
  tasks: '/dashboard/tasks',
  inventory: '/dashboard/inventory',
  suppliers: '/dashboard/inventory/suppliers',
  supply: '/dashboard/inventory/:supplyId',
  livestock: '/dashboard/livestock',
  livestockAnimal: '/dashboard/livestock/:animalId',
  crops: '/dashboard/crops',
  crop: '/dashboard/crops/:cropId',
  fields: '/dashboard/crops/fields',
  field: '/dashboard/crops/fields/:fieldId',
  expenses: '/dashboard/expenses',
  reports: '/dashboard/reports',
  climate: '/dashboard/climate',
  /** The farming assistant; ?about=<kind>:<id> asks about a record, ?q= starts the question. */
  assistant: '/dashboard/assistant',
  marketplace: '/dashboard/marketplace',
  marketplaceListing: '/dashboard/marketplace/listings/:id',
  marketplaceSeller: '/dashboard/marketplace/sellers/:farmId',
  /** One of the buyer's orders; /return is where the payment page sends them back. */
  marketplaceOrder: '/dashboard/marketplace/orders/:orderId',
  marketplaceOrderReturn: '/dashboard/marketplace/orders/:orderId/return',
  /** Gona's back office (platform admins): the disputes queue and one dispute, then its other sections. */
  admin: '/admin',
  adminDispute: '/admin/disputes/:disputeId',
  adminPayouts: '/admin/payouts',
  adminPayments: '/admin/payments',
  adminOrders: '/admin/orders',
  adminOrder: '/admin/orders/:orderId',
  adminListings: '/admin/listings',
  adminUsers: '/admin/users',
  /** Gona Pro by farm, and one farm's subscription (payments, grants, Grant Pro). */
  adminSubscriptions: '/admin/subscriptions',
  adminSubscription: '/admin/subscriptions/:farmId',
  /** Support requests: the queue, and one request beside the person's farm, plan and orders. */
  adminSupport: '/admin/support',
  adminSupportRequest: '/admin/support/:requestId',
  adminHelp: '/admin/help',
  inviteFarmer: '/dashboard/invite-farmer',
  subscription: '/dashboard/subscription',
  support: '/dashboard/support',
  /** The help centre inside the dashboard; its articles are the public pages /help/<slug>. */
  help: '/dashboard/help',
  /** A new support request, and one request with its thread. */
  supportNew: '/dashboard/support/new',
  supportRequest: '/dashboard/support/:requestId',
  settings: '/dashboard/settings',
  settingsProfile: '/dashboard/settings/profile',
  settingsAccount: '/dashboard/settings/account',
  settingsFarms: '/dashboard/settings/farms',
  settingsFarm: '/dashboard/settings/farms/:farmId',
  settingsActivity: '/dashboard/settings/activity',
  settingsMembers: '/dashboard/settings/members',
  notifications: '/dashboard/notifications',
  settingsNotifications: '/dashboard/settings/notifications',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** A pattern with its `:name` parts filled in, each encoded. */
export function pathTo(pattern: AppPath, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const supplyPath = (supplyId: string) => pathTo(paths.supply, { supplyId });
export const livestockAnimalPath = (animalId: string) => pathTo(paths.livestockAnimal, { animalId });
export const cropPath = (cropId: string) => pathTo(paths.crop, { cropId });
export const fieldPath = (fieldId: string) => pathTo(paths.field, { fieldId });
/** A help article's public page (prerendered, outside the app shell; kept offline once opened). */
export const helpArticlePath = (slug: string) => `/help/${encodeURIComponent(slug)}`;
export const staffEditPath = (id: string) => pathTo(paths.staffEdit, { id });
export const settingsFarmPath = (farmId: string) => pathTo(paths.settingsFarm, { farmId });
export const invitePath = (token: string) => pathTo(paths.invite, { token });

/** Paths served as prerendered HTML (with the public pages), not by the app shell. */
const PRERENDERED: readonly string[] = [paths.home, paths.notFound, paths.login];

/**
 * The first segment of every path the app shell serves: the service worker answers these from
 * the shell when offline.
 */
export const APP_ROOTS: readonly string[] = [
  ...new Set(
    Object.values(paths)
      .filter((path) => !PRERENDERED.includes(path))
      .map((path) => path.split('/')[1] ?? ''),
  ),
];
