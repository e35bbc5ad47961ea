/** The dashboard's one read: every card of /dashboard from GET /farms/{farmId}/dashboard. */
export const dashboardKeys = {
  farm: (farmId: string) => ['dashboard', farmId] as const,
};

export const dashboardPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/dashboard`;
