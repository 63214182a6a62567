import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/forms';
import { notify } from '../../../lib/toasts';
import { paths } from '../../../lib/paths';
import { useJoinGroup } from '../api/mutations';
import { joinErrorKey } from '../errors';
import { joinGroupSchema, type JoinGroupValues } from '../schemas';
import { joinedToast } from './joined-toast';

/** spec §2: join with an invite code; success opens the group. */
export function JoinGroupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const joinGroup = useJoinGroup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<JoinGroupValues>({
    resolver: zodResolver(joinGroupSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = ({ code }: JoinGroupValues) =>
    joinGroup.mutate(code, {
      onSuccess: (result) => {
        notify(joinedToast(t, result));
        void navigate(paths.group(result.group.id));
      },
      onError: (error) => notify({ type: 'error', message: t(joinErrorKey(error)) }),
    });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('groups.join.code')}
          placeholder="ABCDE-FGHJK"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errorText(t, errors.code)}
          {...register('code')}
        />
        <Group>
          <Button type="submit" loading={joinGroup.isPending}>
            {t('groups.join.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
