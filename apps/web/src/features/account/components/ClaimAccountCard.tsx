import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountFields } from '../../../components/AccountFields';
import { isApiError } from '../../../lib/api-client';
import { accountSchema, type AccountValues } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { useClaimAccount } from '../api/mutations';
import { SettingsCard } from '../../../components/SettingsCard';
import { isPasswordTooCommon, PASSWORD_TOO_COMMON } from '../../../lib/password-too-common';

/** A guest keeps their lists, groups and expenses by turning the guest user into an account. */
export function ClaimAccountCard() {
  const { t } = useTranslation();
  const claimAccount = useClaimAccount();
  const form = useForm<AccountValues>({ resolver: zodResolver(accountSchema) });

  const onSubmit = ({ name, email, password }: AccountValues) =>
    claimAccount.mutate(
      { name, email, password },
      {
        onSuccess: () => notify({ type: 'success', message: t('account.claim.success') }),
        onError: (error) => {
          if (isApiError(error, 'email_taken')) {
            form.setError('email', { message: 'errors.emailTaken' });
          }
          if (isPasswordTooCommon(error)) {
            form.setError('password', { message: PASSWORD_TOO_COMMON });
          }
          notify({ type: 'error', message: t('account.claim.failed') });
        },
      },
    );

  return (
    <SettingsCard title={t('account.claim.title')} description={t('account.claim.description')}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack>
          <AccountFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={claimAccount.isPending}>
              {t('account.claim.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
