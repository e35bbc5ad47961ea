import { useQuery } from '@tanstack/react-query';
import type { AuditLog } from '@gona/shared/audit';
import { apiFetch } from '@/lib/http';

/** Spec: the audit log lists the user's rows newest first, 100 by default. */
export const AUDIT_LOG_LIMIT = 100;

export const auditKeys = {
  mine: ['audit-logs', 'mine'] as const,
};

export function useMyActivity() {
  return useQuery({
    queryKey: auditKeys.mine,
    queryFn: async () =>
      (await apiFetch<{ items: AuditLog[] }>(`/api/audit-logs?limit=${AUDIT_LOG_LIMIT}`)).items,
  });
}
