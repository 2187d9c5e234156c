import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import type { GatewayMode } from './api';

/** The mode of a connection, labelled in words (never colour alone): "Test mode" / "Live". */
export function ModeBadge({ mode }: { mode: GatewayMode | null }) {
  const { t } = useTranslation();
  if (!mode) return null;
  return (
    <Badge colour={mode === 'live' ? 'green' : 'amber'}>
      <span data-testid="mode-badge">{t(`gateways.mode.${mode}`)}</span>
    </Badge>
  );
}
