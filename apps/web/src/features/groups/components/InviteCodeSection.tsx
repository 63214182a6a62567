import type { Group } from '@household/contracts';
import { Button, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconLink, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { formatDate } from '../../../lib/format';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { inviteCodeQueryOptions } from '../api/queries';
import { isInvalidData } from '../errors';
import { useGenerateInviteCode, useRevokeInviteCode } from '../api/mutations';
import { Section } from '../../../components/Section';

/** spec §8: a missing clipboard and a missing code are one message; a refused write another. */
async function copyToClipboard(
  text: string | null | undefined,
  messages: { copied: TranslationKey; failed: TranslationKey },
  t: (key: TranslationKey) => string,
) {
  if (!text || !navigator.clipboard) {
    notify({ type: 'error', message: t('groups.invite.noClipboard') });
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', message: t(messages.copied) });
  } catch {
    notify({ type: 'error', message: t(messages.failed) });
  }
}

/** The share link opens the join page (docs/groups.md), on this site's own address. */
export function joinLink(code: string): string {
  return `${window.location.origin}${paths.groupJoin(code)}`;
}

/** spec §4: a group has at most one active code, which can be generated, regenerated or copied. */
export function InviteCodeSection({ group, timeZone }: { group: Group; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const codeQuery = useQuery(inviteCodeQueryOptions(useApi(), group.id));
  const generate = useGenerateInviteCode(group.id);
  const revoke = useRevokeInviteCode(group.id);
  // The group answer carries the code too, so it shows before its own request returns.
  const invite = codeQuery.data !== undefined ? codeQuery.data : group.active_invite_code;

  useEffect(() => {
    if (codeQuery.isError) {
      notify({
        id: `invite-code-${group.id}`,
        type: 'error',
        message: t('groups.invite.fetchFailed'),
      });
    }
  }, [codeQuery.isError, group.id, t]);

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', message: t('groups.invite.generated') }),
      onError: (error) =>
        notify({
          type: 'error',
          message: t(
            isInvalidData(error) ? 'groups.invite.invalid' : 'groups.invite.generateFailed',
          ),
        }),
    });

  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', message: t('groups.invite.revoked') }),
      onError: () => notify({ type: 'error', message: t('groups.invite.revokeFailed') }),
    });

  return (
    <Section title={t('groups.invite.title')}>
      {invite ? (
        <Stack gap="xs">
          <Text
            data-testid="invite-code"
            ff="monospace"
            fz="xl"
            fw={700}
            style={{ letterSpacing: '0.1em', overflowWrap: 'anywhere' }}
          >
            {invite.code}
          </Text>
          <Text size="sm" c="dimmed">
            {t('groups.invite.validUntil', {
              date: formatDate(invite.expires_at, i18n.language, timeZone),
            })}
          </Text>
          <Text size="sm">{t('groups.invite.hint')}</Text>
          <TextInput label={t('groups.invite.link')} value={joinLink(invite.code)} readOnly />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('groups.invite.none')}
        </Text>
      )}
      <Row gap="xs">
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onGenerate}
          loading={generate.isPending}
        >
          {t(invite ? 'groups.invite.regenerate' : 'groups.invite.generate')}
        </Button>
        {invite && (
          <>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() =>
                void copyToClipboard(
                  invite.code,
                  { copied: 'groups.invite.copied', failed: 'groups.invite.copyFailed' },
                  t,
                )
              }
            >
              {t('groups.invite.copy')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLink size={14} aria-hidden />}
              onClick={() =>
                void copyToClipboard(
                  joinLink(invite.code),
                  { copied: 'groups.invite.linkCopied', failed: 'groups.invite.linkCopyFailed' },
                  t,
                )
              }
            >
              {t('groups.invite.copyLink')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onRevoke}
              loading={revoke.isPending}
            >
              {t('groups.invite.revoke')}
            </Button>
          </>
        )}
      </Row>
    </Section>
  );
}
