import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_DEFAULT_LIMIT, type AuditLog } from '@gona/shared/audit';
import { pagedQueryOptions } from '@/lib/paged-query';
import { auditKeys } from './keys';

export function useMyActivity() {
  return useInfiniteQuery(
    pagedQueryOptions<AuditLog>({
      queryKey: auditKeys.mine,
      path: '/api/audit-logs',
      limit: AUDIT_DEFAULT_LIMIT,
    }),
  );
}
