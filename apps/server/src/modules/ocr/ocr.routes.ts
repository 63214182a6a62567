import {
  OCR_BATCH_MAX_FILES,
  OCR_IMAGE_MAX_BYTES,
  ZOcrBatch,
  ZOcrHistoryPage,
  ZOcrHistoryQuery,
  ZOcrJob,
  ZOcrResult,
  ZOcrUploadFields,
} from '@household/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../http/auth';
import { readUpload } from '../../http/multipart';
import { validationFailed } from '../../http/problem';
import { ZIdParam } from '@household/contracts';
import {
  cancelJob,
  jobHistory,
  jobImage,
  jobResult,
  jobStatus,
  submitBatch,
  submitPhotos,
} from './ocr-jobs';
import { OcrRunner } from './ocr-runner';
import { bearerSecurity } from '../../http/route-api';

const tags = ['ocr'];
const ZIdParams = z.object({ id: ZIdParam });
const MB = Math.round(OCR_IMAGE_MAX_BYTES / 1024 / 1024);

/** The photos and the text fields beside them, checked as a JSON body would be. */
async function readPhotos(request: FastifyRequest, maxFiles: number) {
  const upload = await readUpload(request, { maxFiles, maxFileBytes: OCR_IMAGE_MAX_BYTES });
  const fields = ZOcrUploadFields.safeParse(upload.fields);
  if (!fields.success) {
    throw validationFailed(
      fields.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        code: issue.code,
        message: issue.message,
      })),
    );
  }
  return {
    photos: upload.files.map((file) => ({ fileName: file.fileName, bytes: file.bytes })),
    fields: fields.data,
  };
}

/** Receipt and list photos to items (docs/ocr.md): jobs of their uploader alone. */
export function ocrRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const runner = new OcrRunner(
      ctx,
      (error, message) => app.log.warn({ err: error }, message),
      (line) => app.log.debug({ line }, 'the photo process wrote'),
    );
    await runner.start();
    app.addHook('onClose', async () => runner.close());
    app.addHook('onRequest', requireUser(ctx));

    app.post(
      '/ocr/extract-items',
      {
        schema: {
          tags,
          security: bearerSecurity,
          consumes: ['multipart/form-data'],
          description:
            `Multipart: one \`file\` (JPEG, PNG, WebP or HEIC, at most ${MB} MB; larger: 413, ` +
            'another type: 415, a damaged file: 400) and optional `language` (eng, deu, nld, ' +
            'fra, spa, or auto to detect it; default: that of your locale) and `list_id`. Answers at once with the ' +
            'queued job (202); 429 with Retry-After when too many photos wait.',
          response: { 202: ZOcrJob },
        },
      },
      async (request, reply) => {
        const { photos, fields } = await readPhotos(request, 1);
        const [job] = await submitPhotos(ctx, runner, currentUser(request), {
          photos,
          fields,
          kind: 'single',
        });
        return reply.status(202).send(job!);
      },
    );

    app.post(
      '/ocr/batch',
      {
        schema: {
          tags,
          security: bearerSecurity,
          consumes: ['multipart/form-data'],
          description: `As /ocr/extract-items with up to ${OCR_BATCH_MAX_FILES} files, one job each, sharing a batch id.`,
          response: { 202: ZOcrBatch },
        },
      },
      async (request, reply) => {
        const { photos, fields } = await readPhotos(request, OCR_BATCH_MAX_FILES);
        return reply
          .status(202)
          .send(await submitBatch(ctx, runner, currentUser(request), { photos, fields }));
      },
    );

    app.get(
      '/ocr/status/:id',
      { schema: { tags, security: bearerSecurity, params: ZIdParams, response: { 200: ZOcrJob } } },
      async (request) => jobStatus(ctx, currentUser(request), request.params.id),
    );

    app.get(
      '/ocr/result/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZIdParams,
          description: 'The items and lines found; 409 until the job is done.',
          response: { 200: ZOcrResult },
        },
      },
      async (request) => jobResult(ctx, currentUser(request), request.params.id),
    );

    app.get(
      '/ocr/image/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZIdParams,
          description:
            'The prepared picture the job was read from (image/jpeg): the line boxes are ' +
            'fractions of it. 404 once the retention period removed it.',
        },
      },
      async (request, reply) => {
        const image = await jobImage(ctx, currentUser(request), request.params.id);
        return reply
          .type(image.contentType)
          .header('cache-control', 'private, max-age=3600')
          .send(image.content);
      },
    );

    app.post(
      '/ocr/cancel/:id',
      {
        schema: {
          tags,
          security: bearerSecurity,
          params: ZIdParams,
          description: 'Stops a queued or running job; 409 once it is over.',
          response: { 200: ZOcrJob },
        },
      },
      async (request) => cancelJob(ctx, runner, currentUser(request), request.params.id),
    );

    app.get(
      '/ocr/history',
      {
        schema: {
          tags,
          security: bearerSecurity,
          querystring: ZOcrHistoryQuery,
          response: { 200: ZOcrHistoryPage },
        },
      },
      async (request) => jobHistory(ctx, currentUser(request), request.query),
    );
  };
}
