import { useTranslation } from 'react-i18next';
import type { Permission } from './api';

interface Props {
  permissions: Permission[];
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}

export function PermissionChecklist({ permissions, selected, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...selected, name] : selected.filter((item) => item !== name));
  return (
    <fieldset className="checklist" disabled={disabled}>
      <legend>{t('roles.fields.permissions')}</legend>
      {permissions.map((permission) => (
        <label key={permission.name} className="checklist__item">
          <input
            type="checkbox"
            checked={selected.includes(permission.name)}
            onChange={(event) => toggle(permission.name, event.target.checked)}
          />
          <span>{t(`permissions.${permission.name}`, { defaultValue: permission.label })}</span>
        </label>
      ))}
    </fieldset>
  );
}
