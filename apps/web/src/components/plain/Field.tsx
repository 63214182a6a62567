import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FOCUS_RING } from './Button';
import classes from './plain.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & {
  label: string;
  /** Shown under the field, which is then marked invalid and described by it. */
  error?: string | false | undefined;
  /** A hint under the field, before its error; the field is described by it. */
  description?: string;
  ref?: Ref<HTMLInputElement>;
};

/** The label above an input and its error under it; the input is marked invalid and described. */
function FieldFrame({
  label,
  error,
  description,
  children,
}: {
  label: string;
  error: InputProps['error'];
  description?: string | undefined;
  children: (input: { id: string } & InputHTMLAttributes<HTMLInputElement>) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: classes.input,
        'aria-invalid': error ? true : undefined,
        'aria-describedby':
          [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ') ||
          undefined,
      })}
      {description && (
        <div id={`${id}-description`} className={classes.description}>
          {description}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className={classes.error}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A labelled text input with its error under it, as Mantine's TextInput. */
export function TextField({ label, error, description, ref, ...props }: InputProps) {
  return (
    <FieldFrame label={label} error={error} description={description}>
      {(field) => <input {...props} {...field} ref={ref} />}
    </FieldFrame>
  );
}

/**
 * A password input with a show/hide button, which, unlike Mantine's default, is in the tab order,
 * named, and says with aria-pressed whether the password shows (the theme gives Mantine's the same).
 */
export function PasswordField({
  label,
  error,
  ref,
  ...props
}: Omit<InputProps, 'type' | 'description'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error}>
      {(field) => (
        <div className={classes.withToggle}>
          <input {...props} {...field} ref={ref} type={visible ? 'text' : 'password'} />
          <button
            type="button"
            className={`${classes.toggle} ${FOCUS_RING}`}
            aria-label={t('fields.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden>
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" stroke="currentColor" strokeWidth="2" />
      {crossed && (
        <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
