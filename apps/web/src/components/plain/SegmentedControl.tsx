import { useId } from 'react';
import classes from './plain.module.css';

/**
 * A choice of a few options side by side, as Mantine's SegmentedControl: native radios (arrow keys
 * move the choice) hidden under their labels, the group named by `label`.
 */
export function SegmentedControl<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.segmented}>
      {options.map((option) => (
        <label
          key={option.value}
          className={classes.segment}
          data-active={option.value === value || undefined}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className={classes.visuallyHidden}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
