import { IMPORT_MAX_CHARS, type ImportResult } from '@household/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/toasts';
import { useImportList } from '../api/list-mutations';

export type ImportFormat = 'text' | 'csv' | 'json';
/** The space choice that makes a personal list. */
export const PERSONAL = 'personal';

function formatOf(fileName: string): ImportFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return 'text';
}

/**
 * The import form's fields, a chosen file read into them, and the import itself: `result` is set
 * once the server made the list.
 */
export function useImportForm(groupId: number | null) {
  const { t } = useTranslation();
  const importList = useImportList();
  const [format, setFormat] = useState<ImportFormat>('text');
  const [content, setContent] = useState('');
  const [name, setName] = useState('');
  const [space, setSpace] = useState(groupId === null ? PERSONAL : String(groupId));
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setFormat(formatOf(file.name));
    setContent(await file.text());
    if (!name) setName(file.name.replace(/\.[^.]+$/, ''));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') {
      setError(t('lists.import.contentRequired'));
      return;
    }
    if (content.length > IMPORT_MAX_CHARS) {
      setError(t('lists.import.tooLong'));
      return;
    }
    setError(null);
    importList.mutate(
      {
        format,
        content,
        ...(name.trim() ? { name: name.trim() } : {}),
        group_id: space === PERSONAL ? null : Number(space),
      },
      {
        onSuccess: (answer) => {
          setResult(answer);
          notify({
            type: 'success',
            message: t('lists.import.success', { count: answer.imported }),
          });
        },
        onError: () => notify({ type: 'error', message: t('lists.import.failed') }),
      },
    );
  };

  return {
    format,
    setFormat,
    content,
    setContent,
    name,
    setName,
    space,
    setSpace,
    error,
    result,
    isPending: importList.isPending,
    onFile,
    onSubmit,
  };
}
