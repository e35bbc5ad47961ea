import { useQuery } from '@tanstack/react-query';
import { AUDIT_DEFAULT_LIMIT, type AuditLog } from '@gona/shared/audit';
import { apiFetch } from '@/lib/http';

export const auditKeys = {
  mine: ['audit-logs', 'mine'] as const,
};

export function useMyActivity() {
  return useQuery({
    queryKey: auditKeys.mine,
    queryFn: async () =>
      (await apiFetch<{ items: AuditLog[] }>(`/api/audit-logs?limit=${AUDIT_DEFAULT_LIMIT}`)).items,
  });
}
