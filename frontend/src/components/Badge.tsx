import type { ReactNode } from 'react';

export const BADGE_COLOURS = [
  'blue',
  'green',
  'red',
  'yellow',
  'indigo',
  'purple',
  'pink',
  'gray',
  'orange',
  'teal',
  'cyan',
  'lime',
  'emerald',
  'sky',
  'violet',
  'fuchsia',
  'rose',
  'amber',
  'slate',
  'zinc',
  'stone',
  'neutral',
] as const;
export type BadgeColour = (typeof BADGE_COLOURS)[number];

export function Badge({
  colour = 'blue',
  children,
}: {
  colour?: BadgeColour;
  children: ReactNode;
}) {
  return <span className={`badge badge--${colour}`}>{children}</span>;
}
