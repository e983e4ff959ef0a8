export { profileHandlers } from './handlers.ts';
export { IMAGE_MAX_BYTES, contentTypeOfExt, detectImageType, type ImageType } from './image-type.ts';
export { imageVersion, readImageFile, removeImageFiles, removeTenantPictures, writeImageFile } from './picture-files.ts';
