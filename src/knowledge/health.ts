/** What health says about the knowledge base. */
export function knowledgeHealth(s: {
  dir: string;
  collection: string;
  missing: boolean;
  problem: string | null;
  files: number;
  chunks: number;
  synced: boolean;
  memoryFallback: boolean;
}): ['ok' | 'degraded', string] {
  const where = `${s.chunks} chunks from ${s.files} files in ${s.dir}`;
  if (s.missing) return ['degraded', `no knowledge folder at ${s.dir} (paths.rag): the robot answers without its knowledge`];
  if (s.problem) return ['degraded', `index update failed (${s.problem}); using the previous index: ${where}`];
  if (s.chunks === 0) return ['degraded', `no markdown knowledge in ${s.dir}`];
  if (s.synced) return ['ok', `${where}; ChromaDB collection "${s.collection}" in step`];
  const fallback = s.memoryFallback ? 'answering from the in-memory index' : 'no knowledge answers until it is (knowledge.memoryFallback is off)';
  return ['degraded', `${where}; ChromaDB collection "${s.collection}" not in step yet: ${fallback}`];
}
