export const auditKeys = {
  mine: ['audit-logs', 'mine'] as const,
};
