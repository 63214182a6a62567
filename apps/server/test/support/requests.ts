import type { App } from '../../src/app';

export type Auth = { authorization: string };
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An instant as the API writes it (ISO 8601, UTC). */
export const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * `send(auth, method, url, body?)` for a test file: an API call through `app.inject`, signed in
 * with `auth` or anonymous without it. The app is read when called, after `beforeAll` made it.
 */
export function sender(app: () => App) {
  return (auth: Auth | undefined, method: Method, url: string, body?: unknown) =>
    app().inject({
      method,
      url: `/api/v1${url}`,
      ...(auth ? { headers: auth } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
}

/** A multipart/form-data body as a browser would send it: files (field `file` by default) and text fields. */
export async function multipartUpload(
  parts: { field?: string; bytes?: Buffer; filename?: string; type?: string; text?: string }[],
) {
  const form = new FormData();
  for (const part of parts) {
    if (part.text !== undefined) {
      form.append(part.field ?? 'note', part.text);
    } else {
      form.append(
        part.field ?? 'file',
        new Blob([new Uint8Array(part.bytes ?? Buffer.alloc(0))], {
          type: part.type ?? 'application/octet-stream',
        }),
        part.filename ?? 'upload',
      );
    }
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}
