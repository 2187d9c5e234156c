import type { ReactNode } from 'react';

export interface StatTile {
  key: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** A row of figure tiles (Support Centre stats, dashboard totals). */
export function StatTiles({ tiles, label }: { tiles: StatTile[]; label: string }) {
  return (
    <ul className="stat-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.key} className="stat-tile card" data-testid={`tile-${tile.key}`}>
          <span className="stat-tile__label">{tile.label}</span>
          <strong className="stat-tile__value">{tile.value}</strong>
          {tile.hint && <span className="stat-tile__hint muted">{tile.hint}</span>}
        </li>
      ))}
    </ul>
  );
}
