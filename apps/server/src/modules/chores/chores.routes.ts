import {
  ZAssignment,
  ZAssignmentList,
  ZCalendarFeed,
  ZChore,
  ZChoreHistoryPage,
  ZChoreHistoryQuery,
  ZChorePage,
  ZChoresQuery,
  ZChoreStatusBody,
  ZCreateAssignmentBody,
  ZCreateChoreBody,
  ZCreateTimeEntryBody,
  ZGenerateScheduleBody,
  ZIdParam,
  ZMyAssignmentsQuery,
  ZScheduleResult,
  ZTimeEntry,
  ZTimeEntryList,
  ZUpdateAssignmentBody,
  ZUpdateChoreBody,
  ZUpdateTimeEntryBody,
  ZVersionQuery,
} from '@household/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import {
  createAssignment,
  deleteAssignment,
  getAssignment,
  listChoreAssignments,
  listMyAssignments,
  updateAssignment,
} from './assignments';
import { calendarFeedText, getCalendarFeed, resetCalendarFeed } from './calendar-feed';
import { choreHistoryOf, getChore, groupChoreHistory, listChores } from './chore-reads';
import { completeChore, undoChore } from './complete-chore';
import { createChore, deleteChore, updateChore } from './edit-chore';
import { generateSchedule } from './generate-schedule';
import { createTimeEntry, deleteTimeEntry, listTimeEntries, updateTimeEntry } from './time-entries';

const tags = ['chores'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ id: ZIdParam });
const ZGroupChoresQuery = ZChoresQuery.omit({ group_id: true, personal: true });

export function choresRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(calendarFeedRoute(ctx));
    await app.register(signedInRoutes(ctx));
  };
}

/** The calendar address is opened by calendar apps, which send no token: the URL is the key. */
function calendarFeedRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/chores/calendar/:file',
      {
        schema: {
          tags,
          summary: 'A private iCal feed of my chores',
          params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/) }),
        },
      },
      async (request, reply) => {
        const text = await calendarFeedText(ctx, request.params.file.slice(0, -4));
        return reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(text);
      },
    );
  };
}

function signedInRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(ctx));

    api.get(
      '/chores',
      { schema: { tags, security, querystring: ZChoresQuery, response: { 200: ZChorePage } } },
      (request) => listChores(ctx, currentUser(request), request.query),
    );
    api.post(
      '/chores',
      { schema: { tags, security, body: ZCreateChoreBody, response: { 201: ZChore } } },
      async (request, reply) =>
        reply.status(201).send(await createChore(ctx, currentUser(request), request.body)),
    );
    api.get(
      '/groups/:id/chores',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          querystring: ZGroupChoresQuery,
          response: { 200: ZChorePage },
        },
      },
      (request) =>
        listChores(ctx, currentUser(request), { ...request.query, group_id: request.params.id }),
    );

    api.get(
      '/chores/:id',
      { schema: { tags, security, params: ZIdParams, response: { 200: ZChore } } },
      (request) => getChore(ctx, currentUser(request), request.params.id),
    );
    api.patch(
      '/chores/:id',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZUpdateChoreBody,
          response: { 200: ZChore },
        },
      },
      (request) => updateChore(ctx, currentUser(request), request.params.id, request.body),
    );
    api.delete(
      '/chores/:id',
      { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
      async (request, reply) => {
        await deleteChore(ctx, currentUser(request), request.params.id, request.query.version);
        return reply.status(204).send();
      },
    );
    api.post(
      '/chores/:id/complete',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZChoreStatusBody,
          response: { 200: ZChore },
        },
      },
      (request) =>
        completeChore(ctx, currentUser(request), request.params.id, request.body.version),
    );
    api.post(
      '/chores/:id/undo',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZChoreStatusBody,
          response: { 200: ZChore },
        },
      },
      (request) => undoChore(ctx, currentUser(request), request.params.id, request.body.version),
    );

    api.get(
      '/chores/:id/history',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          querystring: ZChoreHistoryQuery,
          response: { 200: ZChoreHistoryPage },
        },
      },
      (request) => choreHistoryOf(ctx, currentUser(request), request.params.id, request.query),
    );
    api.get(
      '/groups/:id/chores/history',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          querystring: ZChoreHistoryQuery,
          response: { 200: ZChoreHistoryPage },
        },
      },
      (request) => groupChoreHistory(ctx, currentUser(request), request.params.id, request.query),
    );
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

    api.get(
      '/chores/assignments/:id/time-entries',
      { schema: { tags, security, params: ZIdParams, response: { 200: ZTimeEntryList } } },
      (request) => listTimeEntries(ctx, currentUser(request), request.params.id),
    );
    api.post(
      '/chores/assignments/:id/time-entries',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZCreateTimeEntryBody,
          response: { 201: ZTimeEntry },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createTimeEntry(ctx, currentUser(request), request.params.id, request.body)),
    );
    api.patch(
      '/chores/time-entries/:id',
      {
        schema: {
          tags,
          security,
          params: ZIdParams,
          body: ZUpdateTimeEntryBody,
          response: { 200: ZTimeEntry },
        },
      },
      (request) => updateTimeEntry(ctx, currentUser(request), request.params.id, request.body),
    );
    api.delete(
      '/chores/time-entries/:id',
      { schema: { tags, security, params: ZIdParams, querystring: ZVersionQuery } },
      async (request, reply) => {
        await deleteTimeEntry(ctx, currentUser(request), request.params.id, request.query.version);
        return reply.status(204).send();
      },
    );

    api.get(
      '/chores/calendar-feed',
      { schema: { tags, security, response: { 200: ZCalendarFeed } } },
      (request) => getCalendarFeed(ctx, currentUser(request)),
    );
    api.post(
      '/chores/calendar-feed/reset',
      { schema: { tags, security, response: { 200: ZCalendarFeed } } },
      (request) => resetCalendarFeed(ctx, currentUser(request)),
    );
  };
}
