// Algolia's limits on a request as it arrives, before any parameter is read.

/** Write bodies (batches of records) may be up to 10 MB, like Algolia's. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024

/** A string parameter (query, filters, ...) may be up to 512 bytes. */
export const STRING_PARAM_LIMIT_BYTES = 512
