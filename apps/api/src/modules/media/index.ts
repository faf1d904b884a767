/** The pictures' public face: other modules, services.ts and app.ts import only this. */
export { mediaRoutes, staffMediaRoutes } from './routes.ts';
export { createMediaService, type ImageNotFound, type MediaService, type UploadFailure } from './service.ts';
export { acceptPictureUploads, PICTURE_BODY_LIMIT, pictureRefusals, readPicture } from './upload-request.ts';
export type { EncodedVariant } from './uploads.ts';
