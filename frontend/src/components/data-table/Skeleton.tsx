import { SKELETON_COLUMNS, SKELETON_ROWS } from '@/config/constants';

export function SkeletonRows({
  rows = SKELETON_ROWS,
  columns = SKELETON_COLUMNS,
}: {
  rows?: number;
  columns?: number;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="skeleton-row" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span className="skeleton" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
