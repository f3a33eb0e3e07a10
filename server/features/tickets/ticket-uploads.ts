import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TICKET_IMAGES_MAX, TICKET_IMAGE_MAX_BYTES, TICKET_TEXTS } from '../../../common/tickets';
import { badRequest, unprocessable } from '../../platform/errors';
import { NUL_REFUSAL } from '../../platform/input-guard';
import { readMultipart, type UploadedFile, type UploadStore } from '../../platform/uploads';
import { storedImage, TICKET_IMAGE_FOLDER, type StoredTicketImage } from './ticket-views';

/*
 * The multipart forms of tickets and replies, for members and staff alike (spec 2 §5/§9, decision 022): at most
 * 5 images of 5 MB, images by content, the spec's three messages; text fields validated with a message per field.
 */

export interface TicketForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Reads the form within the limits; `on` picks the too-many message ('Maximum 5 images allowed per ticket.' or '… per reply.'). */
export const readTicketForm = (request: FastifyRequest, on: 'ticket' | 'reply'): Promise<TicketForm> =>
  readMultipart(request, {
    maxFiles: TICKET_IMAGES_MAX,
    maxBytes: TICKET_IMAGE_MAX_BYTES,
    tooLarge: TICKET_TEXTS.tooLarge,
    notAnImage: TICKET_TEXTS.notAnImage,
    tooMany: on === 'ticket' ? TICKET_TEXTS.tooManyOnTicket : TICKET_TEXTS.tooManyOnReply,
  });

/** The form's text fields through `schema`, or a 422 with every field's messages (the first as the headline). */
export function formFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  // Multipart fields skip the JSON body's NUL guard, and PostgreSQL cannot store a NUL character.
  const nul = Object.entries(fields).find(([, value]) => value.includes('\u0000'));
  if (nul) throw badRequest(NUL_REFUSAL, { [nul[0]]: [NUL_REFUSAL] });
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'request'] ??= []).push(issue.message);
  throw unprocessable(parsed.error.issues[0].message, errors);
}

/** Stores every image or none: when one is refused (not an image), those already written are removed. */
export async function storeTicketImages(uploads: UploadStore, files: readonly UploadedFile[]): Promise<StoredTicketImage[]> {
  const saved = await Promise.allSettled(
    files.map(async (file) => storedImage(await uploads.saveImage(file, TICKET_IMAGE_FOLDER, { notAnImage: TICKET_TEXTS.notAnImage }), file.filename)),
  );
  const images = saved.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const refused = saved.find((result) => result.status === 'rejected');
  if (refused) {
    await removeTicketImages(uploads, images);
    throw refused.reason;
  }
  return images;
}

export const removeTicketImages = (uploads: UploadStore, images: readonly StoredTicketImage[]) => Promise.all(images.map((image) => uploads.remove(image.path)));

/**
 * Runs `write` with the stored images; when it refuses (the ticket closed or went meanwhile), the files go too,
 * so a refused form leaves nothing behind.
 */
export async function withTicketImages<T>(uploads: UploadStore, files: readonly UploadedFile[], write: (images: StoredTicketImage[]) => Promise<T>): Promise<T> {
  const images = await storeTicketImages(uploads, files);
  try {
    return await write(images);
  } catch (error) {
    await removeTicketImages(uploads, images);
    throw error;
  }
}
