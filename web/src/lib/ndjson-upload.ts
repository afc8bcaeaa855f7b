import { apiPath } from './api';

const NDJSON = 'application/x-ndjson';

/** What an upload answered: the body of the answer a plain request would have given, or why none came. */
export type StreamedAnswer = { status: number; body: unknown } | { status: 'FETCH_ERROR'; error: string };

/** Reads the streamed lines: each progress line to `onProgress`, the last `{status, body}` line as the answer. */
async function streamedAnswer(
  response: Response,
  onProgress: (progress: unknown) => void,
): Promise<{ status: number; body: unknown } | null> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let answer: { status: number; body: unknown } | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? '';
    const lines = buffer.split('\n');
    buffer = done ? '' : lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as { status?: number; body?: unknown };
      if (typeof message.status === 'number') answer = { status: message.status, body: message.body };
      else onProgress(message);
    }
    if (done) return answer;
  }
}

/**
 * Posts a form to the API asking for an NDJSON answer, so a long server task can tell its progress
 * as it goes; a server that answers plain JSON is read as such. The one upload the base query's
 * fetch cannot serve: it reads the whole answer before returning.
 */
export async function uploadWithProgress(
  path: string,
  body: FormData,
  token: string | null | undefined,
  onProgress: (progress: unknown) => void,
): Promise<StreamedAnswer> {
  try {
    // Absolute, as the base query's: non-browser fetch implementations (tests) want it.
    const response = await fetch(`${window.location.origin}${apiPath(path)}`, {
      method: 'POST',
      body,
      headers: {
        accept: `${NDJSON}, application/json`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    if (response.ok && response.body && response.headers.get('content-type')?.includes(NDJSON)) {
      const answer = await streamedAnswer(response, onProgress);
      return answer ?? { status: 'FETCH_ERROR', error: 'The answer was cut short' };
    }
    return { status: response.status, body: await response.json().catch(() => undefined) };
  } catch (error) {
    return { status: 'FETCH_ERROR', error: String(error) };
  }
}
