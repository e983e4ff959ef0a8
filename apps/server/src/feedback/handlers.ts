// HTTP side of meeting feedback: participants rate a meeting at its end (public, with the ticket of
// their join grant); the platform super administrator reads every tenant's ratings.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { forbidden } from '../kernel/http/problem.ts';
import { feedbackList } from './list.ts';
import { submitFeedback } from './submit.ts';
import { created } from '../kernel/http/replies.ts';

async function submitMeetingFeedback(request: OperationRequest<'submitMeetingFeedback'>, reply: FastifyReply) {
  const scope = scopeOf(request);
  return created(reply, await submitFeedback({ db: scope.db, secrets: scope.secrets, now: () => new Date() }, request.params.meetingCode, request.body));
}

async function getFeedback(request: OperationRequest<'getFeedback'>) {
  // Ratings of every tenant: only the platform's own super administrator, at the system realm.
  if (!isPlatformAdmin(request)) throw forbidden();
  return feedbackList(request.server.database, request.query, new Date());
}

export const feedbackHandlers = { submitMeetingFeedback, getFeedback } satisfies OperationHandlers;
