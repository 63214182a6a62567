import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  INVITE_VALID_DAYS_MAX,
} from '@household/contracts';
import { z } from 'zod';
import { emailField } from '../../lib/forms';
import type { TranslationKey } from '../../lib/i18n';

/** Form schemas carry translation keys as messages; fields translate them when they render. */
const key = (translationKey: TranslationKey) => translationKey;

/** spec §5: "Group name is required". */
export const groupNameField = z
  .string()
  .trim()
  .min(1, key('groups.validation.nameRequired'))
  .max(GROUP_NAME_MAX_LENGTH, key('groups.validation.nameTooLong'));

export const groupDescriptionField = z
  .string()
  .trim()
  .max(GROUP_DESCRIPTION_MAX_LENGTH, key('groups.validation.descriptionTooLong'));

export const createGroupSchema = z.object({
  name: groupNameField,
  description: groupDescriptionField,
  currency: z.string().min(1),
});
export type CreateGroupValues = z.infer<typeof createGroupSchema>;

export const editGroupSchema = z.object({
  name: groupNameField,
  description: groupDescriptionField,
});
export type EditGroupValues = z.infer<typeof editGroupSchema>;

export const groupSettingsSchema = z.object({
  currency: z.string().min(1),
  time_zone: z.string().min(1),
  invite_valid_days: z
    .number(key('groups.validation.inviteValidDays'))
    .int(key('groups.validation.inviteValidDays'))
    .min(1, key('groups.validation.inviteValidDays'))
    .max(INVITE_VALID_DAYS_MAX, key('groups.validation.inviteValidDays')),
});
export type GroupSettingsValues = z.infer<typeof groupSettingsSchema>;

/** spec §5: "Invite code is required"; dashes and spaces alone are no code either. */
export const joinGroupSchema = z.object({
  code: z
    .string()
    .refine((raw) => raw.replace(/[\s-]/g, '') !== '', key('groups.validation.codeRequired')),
});
export type JoinGroupValues = z.infer<typeof joinGroupSchema>;

export const inviteByEmailSchema = z.object({ email: emailField });
export type InviteByEmailValues = z.infer<typeof inviteByEmailSchema>;
