import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A small table of figures with a caption, its amounts right-aligned. On screen it scrolls
 * sideways in a box the keyboard can reach; `hidden` (for assistive technology only) it has none.
 */
export function FigureTable({
  caption,
  headers,
  rows,
  hidden = false,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  hidden?: boolean;
}) {
  const table = (
    <Table striped captionSide="top" fz="sm">
      <Table.Caption style={{ textAlign: 'start', fontWeight: 500 }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((header, index) => (
            <Table.Th key={header} ta={index === 0 ? undefined : 'right'}>
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) => (
              <Table.Td key={index} ta={index === 0 ? undefined : 'right'}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (hidden) return table;
  return (
    <Table.ScrollContainer minWidth={260} type="native" tabIndex={0}>
      {table}
    </Table.ScrollContainer>
  );
}
