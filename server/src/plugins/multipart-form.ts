import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface MultipartForm {
  fields: Record<string, unknown>;
  files: { fieldname: string; filename: string; data: Buffer }[];
}

/**
 * Reads a multipart form into plain fields and file buffers (the size and count limits of
 * @fastify/multipart answer 413), or takes a JSON body as the fields.
 */
export async function readForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  // A null-prototype object: a field named __proto__ stays an ordinary key.
  const fields: Record<string, unknown> = Object.create(null);
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new AppError(400, 'VALIDATION_ERROR', 'The body must be a form or a JSON object');
    }
    return { fields: Object.assign(fields, body), files: [] };
  }
  const files: MultipartForm['files'] = [];
  try {
    await readParts(request, fileFields, fields, files);
  } catch (error) {
    // The size and count limits carry their own status; a malformed body does not.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError(400, 'VALIDATION_ERROR', 'The form could not be read');
  }
  return { fields, files };
}

async function readParts(
  request: FastifyRequest,
  fileFields: readonly string[],
  fields: MultipartForm['fields'],
  files: MultipartForm['files'],
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!fileFields.includes(part.fieldname)) {
        throw new AppError(400, 'VALIDATION_ERROR', `Unexpected file field ${part.fieldname}`);
      }
      if (data.length > 0) files.push({ fieldname: part.fieldname, filename: part.filename, data });
      continue;
    }
    const value = part.value;
    const existing = fields[part.fieldname];
    if (existing === undefined) fields[part.fieldname] = value;
    else fields[part.fieldname] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
}

const uploads = new WeakMap<FastifyRequest, MultipartForm['files']>();

/**
 * A `preValidation` hook for routes taking a form: reads it (multipart or JSON) so the route's
 * `body` schema validates the text fields like any JSON body; the files wait in `uploadedFiles`.
 */
export function formBody(fileFields: readonly string[]) {
  return async (request: FastifyRequest) => {
    const form = await readForm(request, fileFields);
    request.body = form.fields;
    uploads.set(request, form.files);
  };
}

/** The files of a form read by `formBody`. */
export function uploadedFiles(request: FastifyRequest): MultipartForm['files'] {
  return uploads.get(request) ?? [];
}
