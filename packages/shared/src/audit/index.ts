import { z } from 'zod';
import { pageLimitSchema, PageQuerySchema } from '../pagination/index';

/** Spec section 9: the activity list shows 100 entries unless asked otherwise. */
export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

export const AuditLogSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  farm_id: z.string().nullable(),
  table_name: z.string(),
  record_id: z.string(),
  action: z.string(),
  /** What the activity screen needs to write its sentence; see lib/audit.ts on the server. */
  changes: z.unknown(),
  created_at: z.string(),
  /** Who did it, by first name; null when the account is gone. */
  user_first_name: z.string().nullable(),
  /** The farm's time zone for showing the time; null when the farm is gone. */
  farm_timezone: z.string().nullable(),
});
export type AuditLog = z.infer<typeof AuditLogSchema>;

export const AuditListQuerySchema = PageQuerySchema.extend({
  limit: pageLimitSchema(AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT),
});

export const FarmAuditListQuerySchema = AuditListQuerySchema.extend({
  table_name: z.string().trim().min(1).max(63).optional(),
  record_id: z.string().trim().min(1).max(100).optional(),
});
