import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * The one button, without the router: the public pages (src/public) import it from here so their
 * bundle carries no react-router. Screens import it from './Button' with ButtonLink.
 */
export const BUTTON_VARIANTS = ['primary', 'secondary', 'danger', 'link'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  /** Busy: disabled and announced as busy; the label stays so the width does not jump. */
  loading?: boolean;
  children: ReactNode;
}

export function buttonClass(variant: ButtonVariant, className?: string): string {
  const base = variant === 'link' ? 'link-button' : `button button--${variant}`;
  return className ? `${base} ${className}` : base;
}

/** The one button: primary (one per screen), secondary, danger, link-styled. */
export function Button({
  variant = 'secondary',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  'aria-busy': ariaBusy,
  ...rest
}: ButtonProps) {
  const base = buttonClass(variant);
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${base} ${className}` : base}
      disabled={disabled || loading}
      aria-busy={loading || ariaBusy || undefined}
    >
      {loading && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
