/** The data-folder owner's token (owner.json, mode 600), or null when this process holds no data folder. */
export const OPERATOR_TOKEN = 'OPERATOR_TOKEN';
