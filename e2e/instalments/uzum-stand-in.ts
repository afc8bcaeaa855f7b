/**
 * Where the instalments journey's shop finds Uzum Nasiya: the stand-in of the server tests
 * (server/src/test/fake-uzum-nasiya.ts), started by the journey on a port fixed from E2E_PORT.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
export const INSTALMENTS_PORT = BASE_PORT + 4;
export const UZUM_STAND_IN_PORT = BASE_PORT + 5;
export const UZUM_STAND_IN = {
  url: `http://127.0.0.1:${UZUM_STAND_IN_PORT}`,
  token: 'uzum-partner-token-for-tests-0123456789',
} as const;
