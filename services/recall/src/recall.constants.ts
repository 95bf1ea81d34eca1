export const RECALL_CONFIG = 'RECALL_CONFIG';
/** The embedder (an Embedder, or null when none is configured: recall is then lexical). */
export const EMBEDDER = 'EMBEDDER';
