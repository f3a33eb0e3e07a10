import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantAchievementSchema } from '../../../common/contracts/achievements';
import { idParamSchema, successSchema } from '../../../common/contracts/api';
import {
  adjustPointsSchema,
  adminMemberSchema,
  adminOverviewSchema,
  changeRoleSchema,
  memberDetailSchema,
  memberListSchema,
  memberSearchQuerySchema,
} from '../../../common/contracts/members';
import { formatCount } from '../../../common/format';
import { MEMBERS_PER_PAGE } from '../../../common/limits';
import { allowedBeforeTheForm } from '../../platform/admin';
import { requireStaff } from '../../platform/auth/auth';
import type { AchievementsService } from '../achievements/achievements.service';
import type { FriendsService } from '../friends/friends.service';
import type { PointsService } from '../points/points.service';
import type { StatsService } from '../stats/stats.service';
import { MEMBERS_POLICY_REFUSALS, membersPolicy, type MembersService } from './members.service';

export function membersAdminRoutes(
  admin: FastifyInstance,
  services: {
    members: MembersService;
    points: PointsService;
    stats: StatsService;
    friends: FriendsService;
    achievements: AchievementsService;
  },
) {
  const r = admin.withTypeProvider<ZodTypeProvider>();
  const { members } = services;

  r.get('/overview', { schema: { response: { 200: adminOverviewSchema } } }, async () => {
    const [counts, circulation, given] = await Promise.all([
      members.overview(),
      services.points.circulation(),
      services.stats.totalGivenAway(),
    ]);
    return {
      success: true as const,
      data: {
        members: counts.members,
        staff: counts.staff,
        members_active_today: counts.active,
        points_in_circulation: circulation,
        formatted_total_given_away: given.formatted_total,
      },
    };
  });

  r.get(
    '/members',
    { schema: { querystring: memberSearchQuerySchema, response: { 200: memberListSchema } } },
    async (request) => {
      const { search, role, page } = request.query;
      const result = await members.search({ search, role, limit: MEMBERS_PER_PAGE, offset: (page - 1) * MEMBERS_PER_PAGE });
      return { success: true as const, data: result.members, meta: { page, per_page: MEMBERS_PER_PAGE, total: result.total } };
    },
  );

  r.get('/members/:id', { schema: { params: idParamSchema, response: { 200: memberDetailSchema } } }, async (request) => {
    const { id } = request.params;
    const detail = await members.detail(id);
    const [friendsCount, achievements] = await Promise.all([services.friends.countFriends(id), services.achievements.forMember(id)]);
    return { success: true as const, data: { ...detail, friends_count: friendsCount, achievements } };
  });

  r.post(
    '/members/:id/achievements',
    { schema: { params: idParamSchema, body: grantAchievementSchema, response: { 200: successSchema } } },
    async (request) => {
      const member = await members.detail(request.params.id);
      await services.achievements.grant(requireStaff(request).id, member.id, request.body.achievement_id);
      return { success: true as const, message: `Achievement awarded to ${member.username}.` };
    },
  );

  r.delete(
    '/members/:id/achievements/:achievementId',
    {
      schema: {
        params: idParamSchema.extend({ achievementId: idParamSchema.shape.id }),
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await services.achievements.revoke(request.params.id, request.params.achievementId);
      return { success: true as const, message: 'Achievement revoked.' };
    },
  );

  r.patch(
    '/members/:id/role',
    {
      ...allowedBeforeTheForm(membersPolicy.canChangeRole, MEMBERS_POLICY_REFUSALS.changeRole),
      schema: {
        params: idParamSchema,
        body: changeRoleSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), data: adminMemberSchema }) },
      },
    },
    async (request) => {
      const member = await members.changeRole(requireStaff(request), request.params.id, request.body.role);
      return { success: true as const, message: `${member.username} is now ${member.role}.`, data: member };
    },
  );

  r.post(
    '/members/:id/points',
    {
      ...allowedBeforeTheForm(membersPolicy.canAdjustPoints, MEMBERS_POLICY_REFUSALS.adjustPoints),
      schema: {
        params: idParamSchema,
        body: adjustPointsSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), balance: z.number() }) },
      },
    },
    async (request) => {
      const { delta, reason } = request.body;
      const balance = await members.adjustPoints(requireStaff(request), request.params.id, delta, reason);
      return { success: true as const, message: `Balance is now ${formatCount(balance)} points.`, balance };
    },
  );
}
