declare module 'virtual:locale-sections' {
  /** Every top-level section of the messages. */
  export const SECTIONS: string[];
  /** Per locale, per section: its chunk. */
  export const loaders: Record<string, Record<string, () => Promise<{ default: object }>>>;
}
