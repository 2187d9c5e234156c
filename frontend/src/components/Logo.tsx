import { APP_NAME } from '@/config/constants';

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span className="logo">
      <img src="/logo.svg" width={size} height={size} alt="" />
      <span className="logo__name">{APP_NAME}</span>
    </span>
  );
}
