import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a text field, or a file. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; data: Buffer; contentType?: string };

/** Field values as a form sends them; a list becomes repeated fields of the same name. */
export type FormFields = Record<string, string | number | boolean | readonly string[]>;

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** Builds a multipart/form-data body by hand, as a browser would send it. */
export function multipartBody(parts: readonly FormPart[]): MultipartBody {
  const boundary = `----shop-test-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n', 'utf8'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Text parts from plain values; lists become repeated fields. */
export function fieldParts(fields: FormFields): FormPart[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value)
      ? value.map((item: string) => ({ name, value: item }))
      : [{ name, value: String(value) }],
  );
}

/** A file part of the product form's image field. */
export const imagePart = (
  data: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
  name = 'productImages',
): FormPart => ({
  name,
  filename,
  data,
  contentType,
});

/** A multipart body from fields and files, ready to spread into `inject` options. */
export function productForm(fields: FormFields, files: readonly FormPart[] = []): MultipartBody {
  return multipartBody([...fieldParts(fields), ...files]);
}
