import formbody from '@fastify/formbody';
import { JSON_BODY_LIMIT_BYTES } from '@household/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { emailVerificationRoutes } from './email-verification.routes';
import { loginUnlockRoutes } from './login-unlock.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { sessionTokenRoutes } from './session-tokens.routes';
import { signInRoutes } from './sign-in.routes';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Form bodies only here, for the OAuth2-style login; the rest of the API speaks JSON.
    await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT_BYTES });

    signInRoutes(app, ctx);
    sessionTokenRoutes(app, ctx);
    passwordResetRoutes(app, ctx);
    emailVerificationRoutes(app, ctx);
    loginUnlockRoutes(app, ctx);
  };
}
