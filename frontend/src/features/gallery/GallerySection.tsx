import { useId, type ReactNode } from 'react';
import { Card } from '@/components/Card';

/** One named state of a component in the gallery: a card labelled by its title. */
export function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card title={title} titleId={titleId}>
      {children}
    </Card>
  );
}
