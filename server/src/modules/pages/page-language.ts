import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, acceptedLanguages, detectLanguage, type Language } from '@shop/common';

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** decision 010: `?lang=`, then the `language` cookie, then Accept-Language, then uz. */
export function pageLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = typeof query?.lang === 'string' ? query.lang : undefined;
  return detectLanguage(
    [lang, cookie(request.headers.cookie, LANGUAGE_COOKIE)],
    acceptedLanguages(request.headers['accept-language']),
  );
}
