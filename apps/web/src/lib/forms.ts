import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@household/contracts';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { z } from 'zod';
import type { TranslationKey } from './i18n';

/** Form schemas carry translation keys as messages; fields translate them when they render. */
const key = (translationKey: TranslationKey) => translationKey;

/** spec §5: 'Email is required', then 'Invalid email format'. */
export const emailField = z
  .string()
  .trim()
  .min(1, key('validation.emailRequired'))
  .pipe(z.email(key('validation.emailInvalid')));

export const nameField = z
  .string()
  .trim()
  .min(1, key('validation.nameRequired'))
  .max(NAME_MAX_LENGTH);

/** spec §5 sign-up texts, also used wherever a new password is chosen. */
export const newPasswordFields = {
  password: z
    .string()
    .min(1, key('validation.passwordRequired'))
    .min(PASSWORD_MIN_LENGTH, key('validation.passwordTooShort'))
    .max(PASSWORD_MAX_LENGTH),
  confirmPassword: z.string().min(1, key('validation.confirmPasswordRequired')),
};

export const passwordsMatch = <S extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: S,
) =>
  schema.refine((values) => values.password === values.confirmPassword, {
    message: key('validation.passwordsDoNotMatch'),
    path: ['confirmPassword'],
  });

/** The sign-up form, also used by a guest who keeps their data by creating an account. */
export const accountSchema = passwordsMatch(
  z.object({ name: nameField, email: emailField, ...newPasswordFields }),
);
export type AccountValues = z.infer<typeof accountSchema>;

export function errorText(t: TFunction, error: FieldError | undefined): string | undefined {
  return error?.message ? t(error.message as TranslationKey) : undefined;
}
