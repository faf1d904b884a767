import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@shop/contracts/admin-catalog';
import { ERROR_CODES } from '@shop/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, type HttpTable } from '../../errors.ts';
import type { UploadFailure } from './uploads.ts';

const UPLOAD_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** Multipart for the picture uploads of a scope: one file, nothing else, `UPLOAD_MAX_BYTES` at most. */
export function acceptPictureUploads(app: FastifyInstance) {
  return app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100 },
    throwFileSizeLimit: true,
  });
}

/** The route option that lets an upload's body through (the file and the multipart around it). */
export const PICTURE_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/** The picture of a multipart request (field `file`), or a 4xx saying what was wrong with the request. */
export async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the picture as multipart/form-data in a field named file');
  let buffer: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest('No file was sent: add the picture in a field named file');
    buffer = await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, `The picture is too large: at most ${UPLOAD_MB} MB`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Send one picture in a field named file, and nothing else');
    }
    throw badRequest('The upload could not be read as multipart/form-data');
  }
  if (buffer.length === 0) throw badRequest('The file is empty');
  return buffer;
}

/** A refused picture, as HTTP answers. */
export const pictureRefusals: HttpTable<UploadFailure> = {
  not_an_image: () => badRequest('The file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image'),
  damaged_picture: () => badRequest('The picture could not be read: the file is damaged or incomplete'),
};
