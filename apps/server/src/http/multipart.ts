import type { FastifyRequest } from 'fastify';
import { validationFailed } from './problem';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

export interface Upload {
  files: UploadedFile[];
  /** Text fields by name (the last one of a name wins). */
  fields: Record<string, string>;
}

const FIELD_MAX_BYTES = 1024;

/**
 * The files and text fields of a multipart/form-data body, each file at most `maxFileBytes` and at
 * most `maxFiles` of them (past either, 413). The multipart parser throws a plain Error (no
 * status) for a body that is not well-formed, such as a missing boundary or a body cut off
 * mid-part: that is bad input and answers 400, not 500. Its own errors keep their status. At least
 * one file is required.
 */
export async function readUpload(
  request: FastifyRequest,
  limits: { maxFiles: number; maxFileBytes: number; maxFields?: number },
): Promise<Upload> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const maxFields = limits.maxFields ?? 5;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: maxFields,
        fieldSize: FIELD_MAX_BYTES,
        parts: limits.maxFiles + maxFields,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        files.push({
          fieldName: part.fieldname,
          fileName: part.filename,
          bytes: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    throw validationFailed(
      [{ path: 'file', code: 'invalid_format', message: 'Not a well-formed multipart body' }],
      'The request body is not well-formed multipart/form-data',
    );
  }
  if (files.length === 0) {
    throw validationFailed([{ path: 'file', code: 'required', message: 'No file sent' }]);
  }
  return { files, fields };
}
