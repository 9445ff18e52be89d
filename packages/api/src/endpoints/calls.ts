import * as z from 'zod/mini';
import type { RequestFunction, RequestOptions } from '../client';
import {
  bulkDeleteCallsResponseSchema,
  type CallListQuery,
  callListSchema,
  callResponseSchema,
  captionListSchema,
  type NoteRequest,
  noteListSchema,
  noteResponseSchema,
  recordingResponseSchema,
  type UpdateCallRequest,
} from '../schemas/calls';
import { okSchema } from '../schemas/common';

const path = (id: string) => `/api/calls/${encodeURIComponent(id)}`;

/** The call history: calls, their notes, recordings and captions (SPEC §2.4). */
export function callEndpoints(request: RequestFunction) {
  return {
    /** `GET /api/calls`: a page of the team's calls with every SPEC §2.4 filter; 400 names a bad filter. */
    list: (query: CallListQuery = {}) => request(callListSchema, 'GET', '/api/calls', { query }),
    get: (id: string) => request(callResponseSchema, 'GET', path(id)),
    /** `PATCH /api/calls/:id`: the follow-up state. */
    update: (id: string, body: UpdateCallRequest) => request(callResponseSchema, 'PATCH', path(id), { body }),
    /** `DELETE /api/calls/:id`: the call, its notes, captions and recording go; `keepalive` as the page is left. */
    remove: (id: string, options: Pick<RequestOptions, 'keepalive'> = {}) =>
      request(okSchema, 'DELETE', path(id), options),
    /** `DELETE /api/calls?ids=`: several at once, with the bearer token (ARCHITECTURE §7). */
    removeMany: (ids: readonly string[], options: Pick<RequestOptions, 'keepalive'> = {}) =>
      request(bulkDeleteCallsResponseSchema, 'DELETE', '/api/calls', { ...options, query: { ids } }),
    notes: (id: string) => request(noteListSchema, 'GET', `${path(id)}/notes`),
    addNote: (id: string, body: NoteRequest) => request(noteResponseSchema, 'POST', `${path(id)}/notes`, { body }),
    editNote: (id: string, noteId: string, body: NoteRequest) =>
      request(noteResponseSchema, 'PUT', `${path(id)}/notes/${encodeURIComponent(noteId)}`, { body }),
    removeNote: (id: string, noteId: string) =>
      request(okSchema, 'DELETE', `${path(id)}/notes/${encodeURIComponent(noteId)}`),
    /** `POST /api/calls/:id/recording`: start generating the recording (202). */
    generateRecording: (id: string) => request(recordingResponseSchema, 'POST', `${path(id)}/recording`),
    captions: (id: string) => request(captionListSchema, 'GET', `${path(id)}/captions`),
    /** `GET /api/calls/:id/captions.vtt`: the cues as WebVTT text, for the player's captions track. */
    captionsVtt: (id: string) =>
      request(z.string(), 'GET', `${path(id)}/captions.vtt`, { headers: { Accept: 'text/vtt' } }),
  };
}
