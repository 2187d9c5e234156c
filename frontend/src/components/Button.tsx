import { Link, type LinkProps } from 'react-router';
import { buttonClass, type ButtonVariant } from './button-core';

export { Button, BUTTON_VARIANTS, type ButtonVariant } from './button-core';

/** A link (navigation) that looks like a Button: same classes and variants. */
export function ButtonLink({
  variant = 'secondary',
  className,
  ...rest
}: LinkProps & { variant?: Exclude<ButtonVariant, 'link'> }) {
  return <Link {...rest} className={buttonClass(variant, className)} />;
}
