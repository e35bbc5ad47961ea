import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http';

/** One audit_logs row as the API answers it. */
export type AuditLog = {
  id: string;
  user_id: string;
  table_name: string;
  record_id: string;
  action: string;
  changes: unknown;
  created_at: string;
};

/** Spec: the audit log lists the user's rows newest first, 100 by default. */
export const AUDIT_LOG_LIMIT = 100;

export const auditKeys = {
  mine: ['audit-logs', 'mine'] as const,
};

export function useMyActivity() {
  return useQuery({
    queryKey: auditKeys.mine,
    queryFn: async () => (await apiFetch<{ items: AuditLog[] }>(`/api/audit-logs?limit=${AUDIT_LOG_LIMIT}`)).items,
  });
}
