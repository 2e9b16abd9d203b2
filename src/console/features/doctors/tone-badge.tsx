import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './badges.module.css';

export type Tone = 'gray' | 'blue' | 'teal' | 'red' | 'orange' | 'grape' | 'cyan';

/** A light or outline badge in a tone, its words at full contrast in light and dark (badges.module.css). */
export function ToneBadge({
  tone,
  children,
  ...props
}: { tone: Tone; children: ReactNode } & Omit<BadgeProps, 'color' | 'classNames'>) {
  return (
    <Badge variant="light" {...props} color={tone} classNames={{ root: classes.root, label: classes.label }}>
      {children}
    </Badge>
  );
}
