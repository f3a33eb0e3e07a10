import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { HttpError, noSuchEndpoint } from './errors';

/** Spec 2 §5: 5 MB per image unless a call site says otherwise. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Larger images are scaled down to fit this box; a decompression bomb is refused before decoding. */
const MAX_DIMENSION = 2048;
const MAX_INPUT_PIXELS = 40_000_000;
/** Decided by the file's bytes, never by its name or declared type. SVG (a script carrier) is not an image here. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const FOLDER = /^[a-z][a-z0-9-]{0,30}$/;
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;
/**
 * Small pictures (a slot's square in a list, 32-48 CSS px) are served from /thumbs/ at this size, twice the largest
 * such square for sharp phone screens, instead of the stored image of up to 2048 px.
 */
export const THUMB_PX = 96;
/** Where thumbnails are kept once made (a dot folder: /storage/ never serves it). */
const THUMBS_DIR = '.thumbs';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface ImageRules {
  /** Per file; 5 MB by default. */
  maxBytes?: number;
  maxFiles: number;
  /** The messages of the call site's spec, when it has them. */
  tooLarge?: (filename: string) => string;
  notAnImage?: (filename: string) => string;
  tooMany?: string;
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

/**
 * Every upload of the site goes through here (docs/decisions/011-uploads.md): multipart parsing with
 * per-call limits, type by content, re-encoding with sharp (metadata gone, size capped), server-made
 * names under DATA_DIR/uploads, served from /storage/ as inert files.
 */
export async function registerUploads(app: FastifyInstance, options: { dir: string }) {
  await mkdir(options.dir, { recursive: true });
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 30, parts: 50, fieldSize: 64 * 1024, headerPairs: 200 },
  });
  await app.register(fastifyStatic, {
    root: options.dir,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    wildcard: true,
    setHeaders(reply) {
      // Names are random and never reused, so a file never changes: cache it for a year.
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });

  // GET /thumbs/{folder}/{name}: a stored image at THUMB_PX square, made on its first request and kept beside the
  // uploads; the same lifetime and headers as the image itself (its name never changes meaning).
  app.get<{ Params: { folder: string; name: string } }>('/thumbs/:folder/:name', async (request, reply) => {
    const { folder, name } = request.params;
    if (!FOLDER.test(folder) || !STORED_NAME.test(name)) return reply.status(404).send(noSuchEndpoint(request.method, request.url));
    const kept = join(options.dir, THUMBS_DIR, folder, name);
    let body = await readFile(kept).catch(() => null);
    if (!body) {
      try {
        body = await sharp(join(options.dir, folder, name), { limitInputPixels: MAX_INPUT_PIXELS }).resize(THUMB_PX, THUMB_PX, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
      } catch {
        return reply.status(404).send(noSuchEndpoint(request.method, request.url));
      }
      await mkdir(dirname(kept), { recursive: true });
      // Two first requests at once both make it; either copy will do.
      await writeFile(kept, body).catch(() => undefined);
    }
    return reply
      .type('image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}

/** Reads a multipart request: its text fields, and its files (all of them, in memory, within the rules). */
export async function readMultipart(request: FastifyRequest, rules: ImageRules) {
  const maxBytes = rules.maxBytes ?? IMAGE_MAX_BYTES;
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let filename = 'file';
  const tooLarge = () => new HttpError(413, rules.tooLarge?.(filename) ?? `File ${filename} is too large. Maximum size is ${MB(maxBytes)}.`);
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: rules.maxFiles } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      filename = part.filename.slice(0, 120) || 'file';
      const data = await part.toBuffer();
      // Over a real socket the size limit may cut the file short without toBuffer failing; the parser's error then
      // comes from the next part instead (the catch below), or never when the cut file was the last.
      if (part.file.truncated) throw tooLarge();
      if (data.length > 0) files.push({ filename, data });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, rules.tooMany ?? `At most ${rules.maxFiles} files at once.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'The form has too many parts.');
    if (error instanceof HttpError) throw error;
    // Anything else the parser throws is a malformed body (a boundary that does not match its header, a cut-off part).
    throw new HttpError(400, 'The upload could not be read. Please try again.');
  }
  return { fields, files };
}

/** An admin form's single image (a logo, an item picture): checked, re-encoded and stored; answers its path. */
export async function receiveOneImage(request: FastifyRequest, uploads: UploadStore, folder: string): Promise<string> {
  const { files } = await readMultipart(request, { maxFiles: 1, tooMany: 'Upload one image at a time.' });
  if (files.length === 0) throw new HttpError(422, 'Choose an image to upload.', { image: ['Choose an image to upload.'] });
  return uploads.saveImage(files[0], folder);
}

export function createUploadStore(dir: string) {
  return {
    /** Checks that the bytes are an image, re-encodes them (WebP, metadata stripped, at most 2048 px) and stores them. */
    async saveImage(file: UploadedFile, folder: string, rules: Pick<ImageRules, 'notAnImage'> = {}): Promise<string> {
      if (!FOLDER.test(folder)) throw new Error(`bad upload folder ${folder}`);
      const refused = () => new HttpError(422, rules.notAnImage?.(file.filename) ?? `File ${file.filename} is not an image.`);
      let encoded: Buffer;
      try {
        const image = sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
        const { format } = await image.metadata();
        if (!format || !IMAGE_FORMATS.has(format)) throw refused();
        encoded = await image
          .rotate()
          .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 85 })
          .toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw refused();
      }
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await mkdir(join(dir, folder), { recursive: true });
      await writeFile(join(dir, folder, name), encoded, { flag: 'wx' });
      return `${folder}/${name}`;
    },

    /** Removes a stored file (a replaced or deleted image); paths not made by saveImage are ignored. */
    async remove(path: string | null) {
      if (!path || !/^[a-z][a-z0-9-]{0,30}\/[0-9a-f]{32}\.webp$/.test(path)) return;
      await rm(join(dir, path), { force: true });
      await rm(join(dir, THUMBS_DIR, path), { force: true });
    },

    isStoredImage: (path: string, folder: string) => new RegExp(`^${folder}/[0-9a-f]{32}\\.webp$`).test(path),
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
