import { THEMES, type Theme } from '@household/contracts';
import { NativeSelect, useMantineColorScheme, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChangeTheme } from '../api/change-theme';

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/** Light, dark, or the device's own setting (auto). */
export function ThemeSelect({ size }: { size?: MantineSize }) {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const changeTheme = useChangeTheme();
  return (
    <NativeSelect
      size={size}
      label={t('settings.theme')}
      data={THEMES.map((theme) => ({ value: theme, label: t(`settings.themes.${theme}`) }))}
      value={colorScheme}
      onChange={(event) => {
        const theme = event.currentTarget.value;
        if (isTheme(theme)) changeTheme(theme);
      }}
    />
  );
}
