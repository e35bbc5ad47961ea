import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FarmSchema, PageQuerySchema, pageSchema } from '@gona/shared';
import {
  AcceptInvitationInputSchema,
  ChangeMemberRoleInputSchema,
  InvitationPreviewListSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationTokenSchema,
  InviteMemberInputSchema,
  MemberSchema,
  TransferOwnershipInputSchema,
} from '@gona/shared/members';
import { z } from '@hono/zod-openapi';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { ctxOf, farmCtxOf, type AppEnv } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  listMyInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  type AcceptCtx,
  type InviteCtx,
} from './invitations.service';
import { changeMemberRole, leaveFarm, listMembers, removeMember, transferOwnership } from './members.service';

const MemberParams = farmParamsWith('userId');
const InvitationParams = farmParamsWith('invitationId');

/**
 * Members (who can sign in to a farm) and invitations, under /api/farms/{farmId}; and the invited
 * person's side under /api/invitations. Managing members and invitations is staff.manage; handing
 * the farm over is the owner's (farm.billing); any member may leave.
 */
export const membersRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/members',
      tags: ['Members'],
      summary: 'Who can sign in to the farm, by name',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: { 200: jsonContent(pageSchema(MemberSchema), 'A page of members'), ...ErrorResponses },
    }),
    async (c) => c.json(await listMembers(farmCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/members/{userId}',
      tags: ['Members'],
      summary: "Change a member's role (only an owner touches owners; the last owner stays)",
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: MemberParams, ...jsonBody(ChangeMemberRoleInputSchema) },
      responses: { 200: jsonContent(MemberSchema, 'The member'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await changeMemberRole(farmCtxOf(c), c.req.valid('param').userId, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/farms/{farmId}/members/{userId}',
      tags: ['Members'],
      summary: 'Take a member off the farm (never the last owner)',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: MemberParams },
      responses: { 204: { description: 'Removed' }, ...ErrorResponses },
    }),
    async (c) => {
      await removeMember(farmCtxOf(c), c.req.valid('param').userId);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/leave',
      tags: ['Members'],
      summary: 'Leave the farm (the last owner transfers ownership or deletes the farm first)',
      middleware: [requireFarm('records.read')] as const,
      request: { params: farmParams },
      responses: { 204: { description: 'Left' }, ...ErrorResponses },
    }),
    async (c) => {
      await leaveFarm(farmCtxOf(c));
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/transfer-ownership',
      tags: ['Members'],
      summary: 'Hand the farm to another member, confirmed with your password; you stay on as a manager',
      middleware: [requireFarm('farm.billing')] as const,
      request: { params: farmParams, ...jsonBody(TransferOwnershipInputSchema) },
      responses: { 200: jsonContent(FarmSchema, 'The farm, as you now see it'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await transferOwnership({ ...farmCtxOf(c), now: c.var.deps.now() }, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/invitations',
      tags: ['Members'],
      summary: 'Open invitations, newest first (past their 7 days they say expired)',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: farmParams, query: PageQuerySchema },
      responses: {
        200: jsonContent(pageSchema(InvitationSchema), 'A page of invitations'),
        ...ErrorResponses,
      },
    }),
    async (c) => c.json(await listInvitations(inviteCtxOf(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/invitations',
      tags: ['Members'],
      summary: 'Invite someone by email as manager, worker or viewer (a link valid 7 days)',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: farmParams, ...jsonBody(InviteMemberInputSchema) },
      responses: { 201: jsonContent(InvitationSchema, 'The invitation'), ...ErrorResponses },
    }),
    async (c) => c.json(await inviteMember(inviteCtxOf(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/invitations/{invitationId}/resend',
      tags: ['Members'],
      summary: 'Mail a new link with 7 more days; the old link stops working',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: InvitationParams },
      responses: { 200: jsonContent(InvitationSchema, 'The invitation'), ...ErrorResponses },
    }),
    async (c) => c.json(await resendInvitation(inviteCtxOf(c), c.req.valid('param').invitationId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/invitations/{invitationId}/revoke',
      tags: ['Members'],
      summary: 'Withdraw an invitation; its link stops working',
      middleware: [requireFarm('staff.manage')] as const,
      request: { params: InvitationParams },
      responses: { 200: jsonContent(InvitationSchema, 'The withdrawn invitation'), ...ErrorResponses },
    }),
    async (c) => c.json(await revokeInvitation(inviteCtxOf(c), c.req.valid('param').invitationId), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invitations',
      tags: ['Members'],
      summary: 'Open invitations sent to your email address',
      middleware: [requireSession] as const,
      responses: { 200: jsonContent(InvitationPreviewListSchema, 'Your invitations'), ...ErrorResponses },
    }),
    async (c) => c.json(await listMyInvitations(acceptCtxOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/accept',
      tags: ['Members'],
      summary: "Join a farm with an invitation link's secret (sent to your email address)",
      middleware: [requireSession] as const,
      request: jsonBody(AcceptInvitationInputSchema),
      responses: { 200: jsonContent(FarmSchema, 'The farm you joined'), ...ErrorResponses },
    }),
    async (c) => c.json(await acceptInvitation(acceptCtxOf(c), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/{invitationId}/accept',
      tags: ['Members'],
      summary: 'Join a farm with one of your open invitations',
      middleware: [requireSession] as const,
      request: { params: z.object({ invitationId: z.uuid() }) },
      responses: { 200: jsonContent(FarmSchema, 'The farm you joined'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await acceptInvitation(acceptCtxOf(c), { id: c.req.valid('param').invitationId }), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invitations/{token}',
      tags: ['Members'],
      summary: 'What an invitation link is about: farm, role, who sent it, and whether it still works',
      request: { params: z.object({ token: InvitationTokenSchema }) },
      responses: { 200: jsonContent(InvitationPreviewSchema, 'The invitation'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(await previewInvitation({ db: c.var.deps.db, now: clock(c) }, c.req.valid('param').token), 200),
  );

function clock(c: Context<AppEnv>): Date {
  return new Date(c.var.deps.now());
}

function inviteCtxOf(c: Context<AppEnv>): InviteCtx {
  const { mail, config } = c.var.deps;
  return { ...farmCtxOf(c), mail, baseUrl: config.baseUrl, now: clock(c) };
}

function acceptCtxOf(c: Context<AppEnv>): AcceptCtx {
  return { ...ctxOf(c), email: c.var.user?.email ?? '', now: clock(c) };
}
