import { databaseUnavailability, isForeignKeyViolation } from '../db/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../common/contracts/api';
import { useReadableZodMessages } from './zod-messages';

/** An expected refusal: its status and message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'You need to be signed in to do that.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);

const FIELD_LABELS: Record<string, string> = { body: 'request', querystring: 'query', params: 'address' };

/** What a body that is not an object of fields (null, a list, a number) is told, for every form alike. */
export const BODY_NOT_FIELDS = "Send the form's fields as a JSON object.";

function fieldErrors(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || (error.validationContext ?? 'request');
    // A rule of the whole body written for people keeps its sentence; the validator's own words about a body that is
    // no object at all ("expected object, received null") are replaced.
    const whole = path === '' && error.validationContext === 'body' && !issue.message?.endsWith('.');
    (errors[field] ??= []).push(whole ? BODY_NOT_FIELDS : (issue.message ?? 'is invalid'));
  }
  return errors;
}

export const DATABASE_UNAVAILABLE = 'The site cannot reach its database right now. Please try again in a few seconds.';
export const DATABASE_FULL = 'The site cannot save anything right now: its storage is full. Staff have been alerted; please try again later.';
const DATABASE_RETRY_AFTER_S = 5;

export function registerErrorHandling(app: FastifyInstance) {
  useReadableZodMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const unavailable = databaseUnavailability(error);
    let status = 500;
    let body: ApiErrorBody = { success: false, message: 'Something went wrong on our side. Please try again.' };

    if (error instanceof HttpError) {
      status = error.statusCode;
      body = { success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 422;
      const errors = fieldErrors(error);
      const [field, messages] = Object.entries(errors)[0];
      body = { success: false, message: readableMessage(field, messages[0]), errors };
    } else if (isForeignKeyViolation(error)) {
      // Two staff at the same moment: one removed what the other's change points at.
      status = 409;
      body = { success: false, message: 'Something this change refers to was just removed. Reload and try again.' };
    } else if (unavailable === 'transient') {
      // The database is away for a moment (restart, failover, network): say so, and when to try again.
      status = 503;
      body = { success: false, message: DATABASE_UNAVAILABLE };
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    } else if (unavailable === 'full') {
      // The disk is full: nothing is saved until someone frees space, so no "in a few seconds".
      status = 503;
      body = { success: false, message: DATABASE_FULL };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, unsupported content type, body too large, rate limits.
      status = error.statusCode;
      body = { success: false, message: clientMessage(error) };
    }

    if (unavailable === 'full') request.log.fatal({ err: error }, 'database storage full: free disk space');
    else if (status >= 500) request.log.error({ err: error }, unavailable ? 'database unavailable' : 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    return reply.status(status).send(body);
  });
}

/**
 * The sentence a refusal leads with: a message written for people (a full sentence, as the spec's texts
 * and our contracts are) stands alone; a bare rule such as "must be a number" is told which field it is.
 */
function readableMessage(field: string, message: string) {
  return message.endsWith('.') ? message : `${FIELD_LABELS[field] ?? field}: ${message}`;
}

export const noSuchEndpoint = (method: string, url: string): ApiErrorBody => ({
  success: false,
  message: `No such endpoint: ${method} ${url.split('?')[0]}`,
});

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON or a form.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    default:
      return error.statusCode === 429 ? 'Too many requests. Please wait a moment and try again.' : error.message;
  }
}
