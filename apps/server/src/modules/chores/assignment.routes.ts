import {
  ZAssignment,
  ZAssignmentList,
  ZCreateAssignmentBody,
  ZGenerateScheduleBody,
  ZMyAssignmentsQuery,
  ZScheduleResult,
  ZUpdateAssignmentBody,
  ZVersionQuery,
} from '@household/contracts';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/auth';
import {
  createAssignment,
  deleteAssignment,
  getAssignment,
  listChoreAssignments,
  listMyAssignments,
  updateAssignment,
} from './assignments';
import { generateSchedule } from './generate-schedule';
import { security, tags, ZIdParams, type RouteApi } from './route-schemas';

/** Who does a chore when: a group's generated schedule, and assignments one by one. */
export function assignmentRoutes(api: RouteApi, ctx: AppContext): void {
  api.post(
    '/groups/:id/chores/generate-schedule',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZGenerateScheduleBody,
        response: { 200: ZScheduleResult },
      },
    },
    (request) => generateSchedule(ctx, currentUser(request), request.params.id, request.body),
  );

  api.get(
    '/chores/assignments',
    {
      schema: {
        tags,
        security,
        querystring: ZMyAssignmentsQuery,
        response: { 200: ZAssignmentList },
      },
    },
    (request) => listMyAssignments(ctx, currentUser(request), request.query.completed_since),
  );
  api.get(
    '/chores/:id/assignments',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZAssignmentList } } },
    (request) => listChoreAssignments(ctx, currentUser(request), request.params.id),
  );
  api.post(
    '/chores/:id/assignments',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZCreateAssignmentBody,
        response: { 201: ZAssignment },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAssignment(ctx, currentUser(request), request.params.id, request.body)),
  );
  api.get(
    '/chores/assignments/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: ZAssignment } } },
    (request) => getAssignment(ctx, currentUser(request), request.params.id),
  );
  api.patch(
    '/chores/assignments/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZUpdateAssignmentBody,
        response: { 200: ZAssignment },
      },
    },
    (request) => updateAssignment(ctx, currentUser(request), request.params.id, request.body),
  );
  api.delete(
    '/chores/assignments/:id',
    { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
    async (request, reply) => {
      await deleteAssignment(ctx, currentUser(request), request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
}
