export const RECALL_CONFIG = 'RECALL_CONFIG';
export const EMBEDDER = 'EMBEDDER';
