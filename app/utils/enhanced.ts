/**
 * The field a fetcher's submission carries (EnhancedForm adds it when it sends): the action answers the new
 * state as data instead of the redirect and toast a browser's own post gets.
 */
export const ENHANCED_FIELD = '_fetcher'
