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
