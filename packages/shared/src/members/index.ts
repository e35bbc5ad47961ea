import { z } from 'zod';
import { EmailSchema, PASSWORD_MAX_LENGTH } from '../auth/index';
import { FARM_ROLES } from '../permissions/index';

/**
 * Members are the people who can sign in to a farm, each with a role (product.md's table). An
 * invitation brings a new one in: it is mailed to an address, with a link that works for
 * INVITATION_DAYS days and once.
 */

/** Roles an invitation may offer; ownership changes hands only by a transfer. */
export const INVITABLE_ROLES = ['manager', 'worker', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const INVITATION_DAYS = 7;

/** Where an invitation stands: open, past its 7 days, used, or withdrawn. */
export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const InviteMemberInputSchema = z
  .object({
    email: EmailSchema,
    role: z.enum(INVITABLE_ROLES, { error: 'Choose manager, worker or viewer' }),
  })
  .strict();
export type InviteMemberInput = z.input<typeof InviteMemberInputSchema>;

export const ChangeMemberRoleInputSchema = z
  .object({ role: z.enum(FARM_ROLES, { error: 'Choose owner, manager, worker or viewer' }) })
  .strict();
export type ChangeMemberRoleInput = z.input<typeof ChangeMemberRoleInputSchema>;

/** The owner's password proves it is them, not someone holding their unlocked phone. */
export const TransferOwnershipInputSchema = z
  .object({
    user_id: z.uuid('Choose the member who will own the farm'),
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type TransferOwnershipInput = z.input<typeof TransferOwnershipInputSchema>;

/** The secret from an invitation link. */
export const InvitationTokenSchema = z
  .string()
  .trim()
  .min(1, 'This invitation link is not complete. Open the link from the email again.')
  .max(200, 'This invitation link is not valid. Open the link from the email again.')
  .regex(/^[\w-]+$/, 'This invitation link is not valid. Open the link from the email again.');

export const AcceptInvitationInputSchema = z.object({ token: InvitationTokenSchema }).strict();

export const MemberSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(FARM_ROLES),
  joined_at: z.string(),
  /** The signed-in user. */
  is_you: z.boolean(),
  /** The owner named on the farm (who holds its subscription); among several owners, one. */
  is_farm_owner: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

/** An invitation as the farm's managers see it. */
export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** An invitation as the invited person sees it: which farm, as what, from whom. */
export const InvitationPreviewSchema = z.object({
  id: z.string(),
  farm_id: z.string(),
  farm_name: z.string(),
  role: z.enum(INVITABLE_ROLES),
  email: z.string(),
  invited_by_name: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationPreviewListSchema = z.object({ items: z.array(InvitationPreviewSchema) });
