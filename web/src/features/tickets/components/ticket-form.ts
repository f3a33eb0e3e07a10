import { TICKET_REQUIRED } from '@common/tickets';
import { ApiError } from '@web/lib/api';

/** The required fields left blank, with the server's words (the server checks everything again). */
export function missingFields(values: Record<keyof typeof TICKET_REQUIRED, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(TICKET_REQUIRED).flatMap(([field, message]) => (values[field as keyof typeof TICKET_REQUIRED].trim() ? [] : [[field, message]])));
}

/** The server's first message for each field it refused (spec 2 §5: first message if a list). */
export function firstMessages(error: ApiError): Record<string, string> {
  return Object.fromEntries(Object.entries(error.errors ?? {}).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}

/**
 * Spec 2 §8: a failed send shows the server's message or `failed` when the server answered, and `network`
 * ('… Please try again.') when it could not be reached.
 */
export function sendFailure(error: unknown, failed: string, network: string): string {
  if (error instanceof ApiError && error.status > 0) return error.message || failed;
  return network;
}

/**
 * A refusal of the screenshots themselves (too large, not an image, too many): the upload platform answers those
 * with a message and no field, so they are shown under the picker.
 */
export function imagesRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const named = Object.entries(error.errors ?? {}).find(([field]) => field.startsWith('images'));
  if (named) return named[1][0];
  return !error.errors && (error.status === 413 || error.status === 422) ? error.message : undefined;
}
