import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
  disabled?: boolean;
}

/**
 * WAI-ARIA tabs: one tab stop; arrow keys, Home and End move between tabs (activation follows
 * focus); only the selected panel is rendered.
 */
export function Tabs({
  label,
  tabs,
  defaultTab,
  onChange,
}: {
  label: string;
  tabs: TabItem[];
  defaultTab?: string;
  onChange?: (id: string) => void;
}) {
  const base = useId();
  const enabled = tabs.filter((tab) => !tab.disabled);
  const [selected, setSelected] = useState(defaultTab ?? enabled[0]?.id ?? '');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const select = (id: string) => {
    setSelected(id);
    onChange?.(id);
    refs.current[id]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = enabled.findIndex((tab) => tab.id === selected);
    const last = enabled.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const target = next === undefined ? undefined : enabled[next];
    if (!target) return;
    event.preventDefault();
    select(target.id);
  };
  const current = tabs.find((tab) => tab.id === selected);
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            disabled={tab.disabled}
            className="tabs__tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
          className="tabs__panel"
        >
          {current.content}
        </div>
      )}
    </div>
  );
}
