import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toasts';
import { AvatarCard } from '../components/AvatarCard';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { ClaimAccountCard } from '../components/ClaimAccountCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { LazyDownloadDataCard } from '../components/LazyDownloadDataCard';
import { EmailVerificationAlert } from '../components/EmailVerificationAlert';
import { NotificationsCard } from '../components/NotificationsCard';
import { PreferencesCard } from '../components/PreferencesCard';
import { ProfileCard } from '../components/ProfileCard';
import { PageLoader } from '../../../components/PageLoader';
import { NotificationDeliveryCard } from '../../notifications/components/NotificationDeliveryCard';
import { PushDevicesCard } from '../../notifications/components/PushDevicesCard';

/** spec §2 Account settings: profile, change password, notification preferences, and more. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user, userQuery } = useSession();

  useEffect(() => {
    if (userQuery.isError) {
      notify({ id: 'profile-load', type: 'error', message: t('account.profile.loadFailed') });
    }
  }, [userQuery.isError, t]);

  return (
    <Stack maw={720}>
      <Title order={2}>{t('account.title')}</Title>
      {user ? (
        <>
          <EmailVerificationAlert user={user} />
          <AvatarCard user={user} />
          {user.is_guest ? (
            <ClaimAccountCard />
          ) : (
            <>
              <ProfileCard user={user} />
              <ChangePasswordCard />
            </>
          )}
          <NotificationsCard />
          <NotificationDeliveryCard />
          <PushDevicesCard />
          <PreferencesCard />
          <LazyDownloadDataCard />
          <DeleteAccountCard isGuest={user.is_guest} />
        </>
      ) : userQuery.isPending ? (
        <PageLoader py="xl" />
      ) : (
        <Alert color="red" title={t('account.profile.loadFailed')}>
          <Button mt="sm" variant="light" onClick={() => void userQuery.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
