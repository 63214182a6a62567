import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toasts';
import { AvatarCard } from '../../features/account/components/AvatarCard';
import { ChangePasswordCard } from '../../features/account/components/ChangePasswordCard';
import { ClaimAccountCard } from '../../features/account/components/ClaimAccountCard';
import { DeleteAccountCard } from '../../features/account/components/DeleteAccountCard';
import { LazyDownloadDataCard } from '../../features/account/components/LazyDownloadDataCard';
import { EmailVerificationAlert } from '../../features/account/components/EmailVerificationAlert';
import { NotificationsCard } from '../../features/account/components/NotificationsCard';
import { PreferencesCard } from '../../features/account/components/PreferencesCard';
import { ProfileCard } from '../../features/account/components/ProfileCard';
import { PageLoader } from '../../components/PageLoader';
import { ChannelsCard } from '../../features/notifications/components/ChannelsCard';
import { NotificationDeliveryCard } from '../../features/notifications/components/NotificationDeliveryCard';
import { PushDevicesCard } from '../../features/notifications/components/PushDevicesCard';

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
              {/* A confirmed email change arrives after the form filled in: start it afresh. */}
              <ProfileCard key={user.email ?? ''} user={user} />
              <ChangePasswordCard />
            </>
          )}
          <NotificationsCard />
          <NotificationDeliveryCard />
          <PushDevicesCard />
          <ChannelsCard />
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
