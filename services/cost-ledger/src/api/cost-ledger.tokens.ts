export const COST_LEDGER_CONFIG = 'COST_LEDGER_CONFIG';
/** The AES key derived from MNEMO_SECRET_KEY, or null when it is unset. */
export const LLM_MASTER_KEY = 'COST_LEDGER_LLM_MASTER_KEY';
