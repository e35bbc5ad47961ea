/** Farm membership roles, strongest first. */
export const FARM_ROLES = ['owner', 'manager', 'worker', 'viewer'] as const;
export type FarmRole = (typeof FARM_ROLES)[number];

/** Platform roles on the user record. Sign-up may only ask for the ones in SIGNUP_ROLES. */
export const PLATFORM_ROLES = ['user', 'admin'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];
export const SIGNUP_ROLES = ['user'] as const satisfies readonly PlatformRole[];

/**
 * What each farm role may do (product.md, "Accounts and roles").
 * Servers enforce these; the web app only uses them to hide what would be refused.
 */
export const FARM_ACTIONS = {
  'records.read': ['owner', 'manager', 'worker', 'viewer'],
  'records.recordEvent': ['owner', 'manager', 'worker'],
  'records.write': ['owner', 'manager'],
  'money.read': ['owner', 'manager', 'viewer'],
  'money.write': ['owner', 'manager'],
  'staff.manage': ['owner', 'manager'],
  'marketplace.read': ['owner', 'manager', 'viewer'],
  'marketplace.sell': ['owner', 'manager'],
  'farm.billing': ['owner'],
  /** See the farm's plan, usage and past payments (managers read; only the owner buys). */
  'billing.read': ['owner', 'manager'],
  'farm.delete': ['owner'],
  'farm.update': ['owner', 'manager'],
} as const satisfies Record<string, readonly FarmRole[]>;

export type FarmAction = keyof typeof FARM_ACTIONS;

export function can(role: FarmRole | null | undefined, action: FarmAction): boolean {
  if (!role) return false;
  return (FARM_ACTIONS[action] as readonly FarmRole[]).includes(role);
}
