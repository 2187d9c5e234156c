import type { ReactNode } from 'react';

/** One named state of a component in the gallery. */
export function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
