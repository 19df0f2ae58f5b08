/** The collection names ChromaDB accepts: its server's own rules, the oracle for the names the daemon makes. */
export function isValidChromaName(name: string): boolean {
  return (
    name.length >= 3 &&
    name.length <= 512 &&
    /^[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$/.test(name) &&
    !name.includes('..') &&
    !/^\d{1,3}(\.\d{1,3}){3}$/.test(name)
  );
}
