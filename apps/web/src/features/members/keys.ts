/** Every members query of a farm starts with ['members', farmId]: a change refreshes them all. */
export const memberKeys = {
  all: (farmId: string) => ['members', farmId] as const,
  members: (farmId: string) => ['members', farmId, 'list'] as const,
  invitations: (farmId: string) => ['members', farmId, 'invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  mine: ['invitations', 'mine'] as const,
};

export const farmPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}`;
