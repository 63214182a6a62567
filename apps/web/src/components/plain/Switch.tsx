import classes from './plain.module.css';

/** An on/off choice with its label, as Mantine's Switch: a checkbox a screen reader calls a switch. */
export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={classes.switch}>
      <span className={classes.switchControl}>
        <input
          type="checkbox"
          role="switch"
          className={classes.switchInput}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span className={classes.switchTrack} aria-hidden>
          <span className={classes.switchThumb} />
        </span>
      </span>
      {label}
    </label>
  );
}
