import {
  bulkDeleteCallsQuerySchema,
  bulkDeleteCallsResponseSchema,
  callListQuerySchema,
  callListSchema,
  callResponseSchema,
  errorBodySchema,
  idParamsSchema,
  noteListSchema,
  noteParamsSchema,
  noteRequestSchema,
  noteResponseSchema,
  okSchema,
  updateCallRequestSchema,
} from '@parley/api';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/auth';
import { listTeamCalls } from '../../repositories/call-list';
import { deleteTeamCalls, getCallForTeam, type RemovedCall, setFollowUp } from '../../repositories/calls';
import { deleteNote, findCallNote, insertNote, listCallNotes, updateNote } from '../../repositories/notes';
import { type CallUrls, toCall, toCallDetail, toNote } from '../../services/call-views';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const callNotFound = () => notFound('This call does not exist.');
const noteNotFound = () => notFound('This note does not exist.');

/** How a call's files are addressed: the video store, and the recording service's addresses. */
export function callUrls(app: FastifyInstance): CallUrls {
  return { store: app.storage, recordingUrl: (call) => app.recordings.recordingUrl(call) };
}

/**
 * The call history (SPEC §2.4): the team's calls with every filter, one call, its follow-up, deleting
 * one or several, and its notes. Another team's call answers 404, as if it did not exist.
 */
const callRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Store clean-up after the rows are gone: a failure leaves an orphan file, logged, not an error for the member. */
  async function removeFiles(removed: RemovedCall[]): Promise<void> {
    const work = removed.flatMap((call) =>
      call.keys.map((key) =>
        app.storage.delete(key).catch((error: unknown) => {
          app.log.warn({ err: error, callId: call.id, key }, 'call file not removed');
        }),
      ),
    );
    await Promise.all(work);
  }

  async function teamCall(teamId: string, id: string) {
    const row = await getCallForTeam(app.db, teamId, id);
    if (!row) {
      throw callNotFound();
    }
    return row;
  }

  app.get(
    '/calls',
    {
      schema: {
        summary:
          "A page of the team's calls with every call-history filter, and the total (a text search's capped at 10,000)",
        description:
          'Tabs all, missed (nobody answered) and messages (a video message was left); `from`/`to` bound the incoming time, both inclusive; hold and duration ranges are inclusive whole seconds (a missed call has no duration, so a duration filter leaves it out); `callerName` contains, any case; `transcript` needs every word. Sorted with the serial number breaking ties. A bad value answers 400 with the field named.',
        tags: ['calls'],
        querystring: callListQuerySchema,
        response: { 200: callListSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, total, totalCapped } = await listTeamCalls(app.db, principalOf(request).teamId, request.query);
      const urls = callUrls(app);
      return {
        list: await Promise.all(rows.map((row) => toCall(row, urls))),
        total,
        ...(totalCapped ? { totalCapped: true as const } : {}),
      };
    },
  );

  app.get(
    '/calls/:id',
    {
      schema: {
        summary: 'One call of the team, with its transcript',
        tags: ['calls'],
        params: idParamsSchema,
        response: { 200: callResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await toCallDetail(await teamCall(principalOf(request).teamId, request.params.id), callUrls(app)),
    }),
  );

  app.patch(
    '/calls/:id',
    {
      schema: {
        summary: "Set a call's follow-up: none, needed, sent or done",
        tags: ['calls'],
        params: idParamsSchema,
        body: updateCallRequestSchema,
        response: { 200: callResponseSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request) => {
      const { teamId } = principalOf(request);
      if (!(await setFollowUp(app.db, teamId, request.params.id, request.body.followUp))) {
        throw callNotFound();
      }
      return {
        success: true as const,
        data: await toCallDetail(await teamCall(teamId, request.params.id), callUrls(app)),
      };
    },
  );

  app.delete(
    '/calls/:id',
    {
      // Deleting calls is for admins (issue 15): a call, its recording and notes are the team's record.
      config: { access: 'admin' },
      schema: {
        summary: 'Admin: delete a call with its notes, captions, recording and raw media',
        tags: ['calls'],
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await deleteTeamCalls(app.db, principalOf(request).teamId, [request.params.id]);
      if (removed.length === 0) {
        throw callNotFound();
      }
      await removeFiles(removed);
      return { success: true as const };
    },
  );

  app.delete(
    '/calls',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Admin: delete several calls at once (ids in the query, at most 100)',
        description:
          "Needs the bearer token like every call (ARCHITECTURE §7). Ids of another team's calls, or of calls already gone, are skipped; `deleted` counts what went.",
        tags: ['calls'],
        querystring: bulkDeleteCallsQuerySchema,
        response: { 200: bulkDeleteCallsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids)];
      const removed = await deleteTeamCalls(app.db, principalOf(request).teamId, ids);
      await removeFiles(removed);
      return { success: true as const, data: { deleted: removed.length } };
    },
  );

  app.get(
    '/calls/:id/notes',
    {
      schema: {
        summary: "A call's notes, oldest first",
        tags: ['calls'],
        params: idParamsSchema,
        response: { 200: noteListSchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await teamCall(principal.teamId, request.params.id);
      const rows = await listCallNotes(app.db, principal.teamId, request.params.id);
      return { list: rows.map((row) => toNote(row, principal)), total: rows.length };
    },
  );

  app.post(
    '/calls/:id/notes',
    {
      schema: {
        summary: 'Add a note to a call; any member of the team may',
        description: "The author and the date are the server's. A blank note answers 422 'Please enter notes!'.",
        tags: ['calls'],
        params: idParamsSchema,
        body: noteRequestSchema,
        response: { 201: noteResponseSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await teamCall(principal.teamId, request.params.id);
      const note = await insertNote(app.db, {
        teamId: principal.teamId,
        callId: request.params.id,
        authorId: principal.userId,
        message: request.body.message,
      });
      reply.code(201);
      return { success: true as const, data: toNote({ ...note, authorName: principal.name }, principal) };
    },
  );

  app.put(
    '/calls/:id/notes/:noteId',
    {
      schema: {
        summary: 'Edit a note; only its author may',
        tags: ['calls'],
        params: noteParamsSchema,
        body: noteRequestSchema,
        response: { 200: noteResponseSchema, ...errors, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const note = await findCallNote(app.db, principal.teamId, request.params.id, request.params.noteId);
      if (!note) {
        throw noteNotFound();
      }
      if (note.authorId !== principal.userId) {
        throw forbidden('Only the author may edit a note.');
      }
      const updated = await updateNote(app.db, note.id, request.body.message);
      if (!updated) {
        throw noteNotFound();
      }
      return { success: true as const, data: toNote({ ...updated, authorName: note.authorName }, principal) };
    },
  );

  app.delete(
    '/calls/:id/notes/:noteId',
    {
      schema: {
        summary: 'Delete a note; its author or an admin may',
        tags: ['calls'],
        params: noteParamsSchema,
        response: { 200: okSchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const note = await findCallNote(app.db, principal.teamId, request.params.id, request.params.noteId);
      if (!note) {
        throw noteNotFound();
      }
      if (note.authorId !== principal.userId && principal.role !== 'admin') {
        throw forbidden('Only the author or an admin may delete a note.');
      }
      if (!(await deleteNote(app.db, note.id))) {
        throw noteNotFound();
      }
      return { success: true as const };
    },
  );
};

export default callRoutes;
