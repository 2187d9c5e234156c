declare module 'virtual:locale-sections' {
  /** Every chunk of messages: the top-level sections, and the parts of the split ones. */
  export const SECTIONS: string[];
  /** For a chunk that is part of a section: a key of its own, present once it is loaded. */
  export const PROBES: Record<string, string>;
  /** Per locale, per section: its chunk. */
  export const loaders: Record<string, Record<string, () => Promise<{ default: object }>>>;
}
