import { z } from 'zod';
import { emailField, newPasswordFields, passwordsMatch } from '../../lib/forms';
import type { TranslationKey } from '../../lib/i18n';

const passwordRequired: TranslationKey = 'validation.passwordRequired';

/** spec §5: Email is required; Invalid email format; Password is required. */
export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, passwordRequired),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** A new password follows the sign-up rules (spec §5). */
export const resetPasswordSchema = passwordsMatch(z.object(newPasswordFields));
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
