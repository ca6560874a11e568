/** `make` called on the first call and never again: what a room builds on first use (rooms.ts). */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
