import type { InputHTMLAttributes, ReactNode } from 'react';

/** The id of a field's input (and the target of the error summary's links). */
export const fieldId = (name: string) => `give-${name.replace(/_/g, '-')}`;
const errorId = (name: string) => `${fieldId(name)}-error`;
const hintId = (name: string) => `${fieldId(name)}-hint`;

function describedBy(name: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint && hintId(name), error && errorId(name)].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function ErrorText({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(name)} className="field-error">
      {error}
    </p>
  );
}

interface TextProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  error?: string;
}

/** A labelled text input with its hint and, under it, its error. */
export function TextInput({ name, label, value, onValue, hint, error, ...rest }: TextProps) {
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {hint && (
        <p id={hintId(name)} className="field-hint">
          {hint}
        </p>
      )}
      <input
        {...rest}
        id={fieldId(name)}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, !!hint, !!error)}
        onChange={(event) => onValue(event.target.value)}
      />
      <ErrorText name={name} error={error} />
    </div>
  );
}

interface CheckProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  onValue: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string;
  /** The id of the input; by default from the name. */
  id?: string;
}

export function Checkbox({ name, label, checked, onValue, hint, error, id }: CheckProps) {
  const inputId = id ?? fieldId(name);
  return (
    <div className="field field--checkbox give-check">
      <input
        id={inputId}
        type="checkbox"
        name={name}
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, !!hint, !!error)}
        onChange={(event) => onValue(event.target.checked)}
      />
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={hintId(name)} className="field-hint">
          {hint}
        </p>
      )}
      <ErrorText name={name} error={error} />
    </div>
  );
}

interface ChoiceProps {
  name: string;
  legend: string;
  value: string;
  options: { value: string; label: ReactNode; hint?: string }[];
  onValue: (value: string) => void;
  error?: string;
  className?: string;
  children?: ReactNode;
}

/** A radio group in a fieldset; its first radio carries the field's id (the focus target). */
export function Choice({
  name,
  legend,
  value,
  options,
  onValue,
  error,
  className,
  children,
}: ChoiceProps) {
  return (
    <fieldset
      className={className ? `give-fieldset ${className}` : 'give-fieldset'}
      aria-describedby={error ? errorId(name) : undefined}
    >
      <legend>{legend}</legend>
      <div className="give-choices">
        {options.map((option, index) => {
          const id = index === 0 ? fieldId(name) : `${fieldId(name)}-${index}`;
          return (
            <div key={option.value} className="give-choice">
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={option.hint ? `${id}-hint` : undefined}
                onChange={() => onValue(option.value)}
              />
              <label htmlFor={id}>
                {option.label}
                {option.hint && (
                  <span id={`${id}-hint`} className="field-hint">
                    {option.hint}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
      {children}
      <ErrorText name={name} error={error} />
    </fieldset>
  );
}
