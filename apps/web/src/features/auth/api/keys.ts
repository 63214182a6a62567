/** A mailed link's answer and a callback's user, each kept under its token. */
export const authKeys = {
  verify: (token: string) => ['auth', 'verify', token] as const,
  unlock: (token: string) => ['auth', 'unlock', token] as const,
  callback: (accessToken: string) => ['auth', 'callback', accessToken] as const,
};
