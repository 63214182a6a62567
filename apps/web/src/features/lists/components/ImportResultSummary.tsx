import type { ImportResult } from '@household/contracts';
import { Alert, Button, Group, List as BulletList, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** What an import made: how many items, the lines it skipped and why, and a way to the new list. */
export function ImportResultSummary({
  result,
  onDone,
}: {
  result: ImportResult;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text role="status">
        {t('lists.import.result', { count: result.imported, name: result.list.name })}
      </Text>
      {result.skipped.length > 0 && (
        <Alert color="yellow" title={t('lists.import.skipped', { count: result.skipped.length })}>
          <BulletList size="sm" spacing={4}>
            {result.skipped.map((skip) => (
              <BulletList.Item key={`${skip.line}-${skip.text}`}>
                {t('lists.import.skippedLine', {
                  line: skip.line,
                  text: skip.text,
                  reason: skip.reason,
                })}
              </BulletList.Item>
            ))}
          </BulletList>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('lists.import.close')}
        </Button>
        <Button component={Link} to={paths.list(result.list.id)} onClick={onDone}>
          {t('lists.import.open')}
        </Button>
      </Group>
    </Stack>
  );
}
