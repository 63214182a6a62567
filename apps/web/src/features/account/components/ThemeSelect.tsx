import { THEMES } from '@household/contracts/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import plain from '../../../components/plain/plain.module.css';
import { useTheme } from '../../../lib/color-scheme';
import { useChangeTheme } from '../api/change-theme';

/**
 * Light, dark, or the device's own setting (auto). A native select drawn like Mantine's without
 * it: the main layout, which shows it, is drawn without Mantine (issue 25).
 */
export function ThemeSelect({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const id = useId();
  const theme = useTheme();
  const changeTheme = useChangeTheme();
  return (
    <div className={plain.field}>
      <label className={plain.label} htmlFor={id}>
        {t('settings.theme')}
      </label>
      <select
        id={id}
        className={size === 'xs' ? `${plain.input} ${plain.small}` : plain.input}
        value={theme}
        onChange={(event) => {
          const chosen = THEMES.find((option) => option === event.currentTarget.value);
          if (chosen) changeTheme(chosen);
        }}
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {t(`settings.themes.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
