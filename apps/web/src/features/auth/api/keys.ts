/** A mailed link's answer, kept under its token. */
export const authKeys = {
  verify: (token: string) => ['auth', 'verify', token] as const,
  unlock: (token: string) => ['auth', 'unlock', token] as const,
};
