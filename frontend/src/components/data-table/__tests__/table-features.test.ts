import {
  createTable,
  getCoreRowModel,
  getPaginationRowModel,
  type TableOptionsResolved,
} from '@tanstack/react-table';

// table-core is built with the features the server-driven tables use (frontend/table-features.ts);
// these tests run that build, as the app does.
interface Row {
  id: string;
  name: string;
}

function options(extra: Partial<TableOptionsResolved<Row>> = {}): TableOptionsResolved<Row> {
  return {
    data: [
      { id: 'b', name: 'Bea' },
      { id: 'a', name: 'Ann' },
    ],
    columns: [{ accessorKey: 'name', header: 'Name' }],
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    state: { sorting: [{ id: 'name', desc: false }], rowSelection: { a: true } },
    onStateChange: () => {},
    renderFallbackValue: null,
    ...extra,
  };
}

/** As useReactTable does: the state given over the table's initial state. */
function tableOf(given: TableOptionsResolved<Row>) {
  const table = createTable(given);
  table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...given.state } }));
  return table;
}

describe('the table features in the build', () => {
  test("rows come in the server's order; headers, cells, sorting and selection work", () => {
    const table = tableOf(options());
    expect(table.getRowModel().rows.map((row) => row.id)).toEqual(['b', 'a']);
    expect(table.getHeaderGroups()[0]?.headers.map((header) => header.column.id)).toEqual(['name']);
    expect(table.getRowModel().rows[0]?.getVisibleCells()[0]?.getValue()).toBe('Bea');
    expect(table.getColumn('name')?.getIsSorted()).toBe('asc');
    expect(table.getRow('a').getIsSelected()).toBe(true);
    expect(table.getIsAllPageRowsSelected()).toBe(false);
    expect(table.getIsSomePageRowsSelected()).toBe(true);
  });

  test('a table that asks for a client-side row model left out of the build fails at once', () => {
    expect(() => tableOf(options({ getPaginationRowModel: getPaginationRowModel() }))).toThrow(
      /built without getPaginationRowModel/,
    );
  });
});
