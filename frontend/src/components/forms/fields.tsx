import { useId, type ReactNode } from 'react';
import { FieldError } from './FieldError';
import type { FormApi, FormValues } from './useForm';

interface BaseProps<T extends FormValues> {
  form: FormApi<T>;
  name: keyof T & string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

interface TextFieldProps<T extends FormValues> extends BaseProps<T> {
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'number';
  autoComplete?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  readOnly?: boolean;
  multiline?: boolean;
  inputMode?: 'numeric' | 'text';
}

export function TextField<T extends FormValues>(props: TextFieldProps<T>) {
  const { form, name, label, hint, type = 'text', multiline, ...rest } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const messages = form.errors[name];
  const common = {
    id,
    name,
    value: String(form.values[name] ?? ''),
    'aria-invalid': messages ? true : undefined,
    'aria-describedby': messages ? errorId : undefined,
    required: rest.required,
    disabled: rest.disabled,
    readOnly: rest.readOnly,
    maxLength: rest.maxLength,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          {...common}
          rows={4}
          onChange={(event) => form.setValue(name, event.target.value as T[typeof name])}
        />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={rest.autoComplete}
          minLength={rest.minLength}
          pattern={rest.pattern}
          inputMode={rest.inputMode}
          onChange={(event) => form.setValue(name, event.target.value as T[typeof name])}
        />
      )}
      {hint && <p className="field-hint">{hint}</p>}
      <FieldError id={errorId} messages={messages} />
    </div>
  );
}

interface SelectFieldProps<T extends FormValues> extends BaseProps<T> {
  options: { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField<T extends FormValues>(props: SelectFieldProps<T>) {
  const { form, name, label, options, placeholder, hint } = props;
  const id = useId();
  const messages = form.errors[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={String(form.values[name] ?? '')}
        required={props.required}
        disabled={props.disabled}
        aria-invalid={messages ? true : undefined}
        onChange={(event) => form.setValue(name, event.target.value as T[typeof name])}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && <p className="field-hint">{hint}</p>}
      <FieldError messages={messages} />
    </div>
  );
}

export function CheckboxField<T extends FormValues>(props: BaseProps<T>) {
  const { form, name, label, hint } = props;
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={Boolean(form.values[name])}
        disabled={props.disabled}
        onChange={(event) => form.setValue(name, event.target.checked as T[typeof name])}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <p className="field-hint">{hint}</p>}
      <FieldError messages={form.errors[name]} />
    </div>
  );
}

export function SubmitButton({
  processing,
  children,
  variant = 'primary',
}: {
  processing: boolean;
  children: ReactNode;
  variant?: 'primary' | 'danger';
}) {
  return (
    <button
      type="submit"
      className={`button button--${variant}`}
      disabled={processing}
      aria-busy={processing}
    >
      {children}
    </button>
  );
}
